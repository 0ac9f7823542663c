import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from "../../router";
import { AREA_CHANNEL_PAGES, sameChannelIn } from "../workspace/areaPaths";
import type { useAuth } from "./AuthProvider";
import { RequireUser } from "./guards";

let auth: ReturnType<typeof useAuth>;
vi.mock("./AuthProvider", async (original) => ({
  ...(await original<typeof import("./AuthProvider")>()),
  useAuth: () => auth,
}));

const signedIn = (user_type: Profile["user_type"]) => {
  auth = { status: "ready", error: null, user: { id: "u1", user_type } as Profile } as unknown as ReturnType<
    typeof useAuth
  >;
};

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

/** The two areas, each behind its guard, as routes.tsx has them. */
const routes: RouteObject[] = (["organization", "member"] as const).map((area) => ({
  path: `/${area}/*`,
  element: (
    <RequireUser userType={area === "organization" ? "organization" : "voter"}>
      <Where />
    </RequireUser>
  ),
}));

function App() {
  return useRoutes(routes);
}

async function open(address: string): Promise<string | null> {
  window.history.replaceState(null, "", address);
  render(
    <BrowserRouter>
      <App />
    </BrowserRouter>,
  );
  const where = await screen.findByRole("status", { name: "where" });
  return where.textContent;
}

const query = "?channelId=60ee7585-0000-4000-8000-000000000001&channelName=Town+Hall";

describe("a channel's address opened in the other area", () => {
  beforeEach(() => signedIn("voter"));

  it("a member opening an administrator's copied link lands on the same channel in /member, query kept", async () => {
    expect(await open(`/organization/airing${query}`)).toBe(`/member/airing${query}`);
  });

  it("live is /member/streaming for a member", async () => {
    expect(await open(`/organization/live${query}`)).toBe(`/member/streaming${query}`);
  });

  it("an organization account opening a /member channel address gets the same channel in its area", async () => {
    signedIn("organization");
    expect(await open(`/member/streaming${query}`)).toBe(`/organization/live${query}`);
  });

  it("an address that names no channel still goes to the area's home", async () => {
    expect(await open("/organization/profile")).toBe("/member");
    await waitFor(() => expect(window.location.pathname).toBe("/member"));
  });

  it("every channel page of one area has its twin in the other", () => {
    for (const [index, page] of AREA_CHANNEL_PAGES.organization.entries()) {
      expect(sameChannelIn("/member", `/organization/${page}`, "?channelId=c")).toBe(
        `/member/${AREA_CHANNEL_PAGES.member[index]}?channelId=c`,
      );
    }
    expect(sameChannelIn("/member", "/organization/text", "?channelName=x")).toBeNull();
    expect(sameChannelIn("/member", "/organization/monitoring", "?channelId=c")).toBeNull();
  });
});
