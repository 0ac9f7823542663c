import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from ".";
import { useLeaveGuard } from "./useLeaveGuard";

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output aria-label="where">
      {`${type} ${location.pathname}${location.search}${location.hash} ${JSON.stringify(location.state)}`}
    </output>
  );
}

function Frame() {
  return (
    <div>
      <NavLink to="/member" end className={({ isActive }) => (isActive ? "on" : "off")}>
        Home
      </NavLink>
      <Link to="/member/election?channelId=c1" state={{ from: "frame" }}>
        Election
      </Link>
      <Outlet />
    </div>
  );
}

function Election() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ tab: "vote" }, { replace: true })}>
      {`election ${params.get("channelId") ?? params.get("tab")}`}
    </button>
  );
}

function Reset() {
  return <p>{`token ${useParams().token}`}</p>;
}

const routes: RouteObject[] = [
  {
    path: "/member",
    element: <Frame />,
    children: [
      { index: true, element: <p>home</p> },
      { path: "election", element: <Election /> },
    ],
  },
  { path: "/reset-password/:token", element: <Reset /> },
  { path: "*", element: <Navigate to="/member" replace state="redirected" /> },
];

function App() {
  return (
    <>
      <Where />
      {useRoutes(routes)}
    </>
  );
}

/** The app on a page with unsaved work. */
function Unsaved() {
  useLeaveGuard(true, "Leave without saving?");
  return <App />;
}

/** The routes `Guarded` serves (each test sets them). */
let guarded: RouteObject[] = [];
function Guarded() {
  return useRoutes(guarded);
}

const where = () => screen.getByRole("status", { name: "where" }).textContent;

describe("router", () => {
  beforeEach(() => window.history.replaceState(null, "", "/member"));

  it("asks for every matched page's code when the route matches, before a guard lets it be drawn", () => {
    const [frame, election, other] = [vi.fn(), vi.fn(), vi.fn()];
    guarded = [
      {
        path: "/member",
        load: frame,
        // A guard still waiting (the session's read): nothing below it is drawn yet.
        element: <p>waiting</p>,
        children: [{ path: "election", load: election, element: <Election /> }],
      },
      { path: "/voters", load: other, element: <p>voters</p> },
    ];
    window.history.replaceState(null, "", "/member/election?channelId=c1");
    render(
      <BrowserRouter>
        <Guarded />
      </BrowserRouter>,
    );
    expect(screen.getByText("waiting")).toBeInTheDocument();
    expect(frame).toHaveBeenCalled();
    expect(election).toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });

  it("draws the matching route inside its parent and follows links with their state", async () => {
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(where()).toBe("POP /member null");
    expect(screen.getByText("home")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).toHaveClass("on");

    await userEvent.click(screen.getByRole("link", { name: "Election" }));
    expect(window.location.pathname).toBe("/member/election");
    expect(where()).toBe('PUSH /member/election?channelId=c1 {"from":"frame"}');
    expect(screen.getByRole("button")).toHaveTextContent("election c1");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    await userEvent.click(screen.getByRole("button"));
    expect(where()).toBe("REPLACE /member/election?tab=vote null");

    await act(async () => {
      window.history.replaceState(null, "", "/member");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(where()).toBe("POP /member null");
  });

  it("reads a route's params and redirects where no route matches", async () => {
    window.history.replaceState(null, "", "/reset-password/a%20b");
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(screen.getByText("token a b")).toBeInTheDocument();

    await act(async () => {
      window.history.replaceState(null, "", "/nowhere");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(where()).toBe('REPLACE /member "redirected"');
  });

  it("asks a page with unsaved work before leaving it, by a link or by Back, and stays when refused", async () => {
    const answer = vi.spyOn(window, "confirm").mockReturnValue(false);
    const go = vi.spyOn(window.history, "go").mockImplementation(() => undefined);
    render(
      <BrowserRouter>
        <Unsaved />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Election" }));
    expect(answer).toHaveBeenCalledWith("Leave without saving?");
    expect(where()).toBe("POP /member null");
    expect(window.location.pathname).toBe("/member");

    // Back to an earlier entry (its place one before): refused, the browser is sent forward again.
    await act(async () => {
      window.history.replaceState({ index: -1 }, "", "/elsewhere");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(go).toHaveBeenCalledWith(1);
    expect(where()).toBe("POP /member null");
    // The popstate of that step forward is not a new leaving.
    await act(async () => {
      window.history.replaceState(null, "", "/member");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(answer).toHaveBeenCalledTimes(2);

    answer.mockReturnValue(true);
    await userEvent.click(screen.getByRole("link", { name: "Election" }));
    expect(where()).toBe('PUSH /member/election?channelId=c1 {"from":"frame"}');
    answer.mockRestore();
    go.mockRestore();
  });

  it("leaves a click with a modifier or another button to the browser", () => {
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    // After the app's handler (on its root), so that jsdom does not follow the link itself.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener("click", stay);
    fireEvent.click(screen.getByRole("link", { name: "Election" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "Election" }), { button: 1 });
    document.removeEventListener("click", stay);
    expect(where()).toBe("POP /member null");
  });
});
