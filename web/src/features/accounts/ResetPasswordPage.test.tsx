import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../api/query";
import { BrowserRouter, useRoutes } from "../../router";
import ResetPasswordPage from "./ResetPasswordPage";

const TOO_MANY = "Too many attempts. Please try again in 15 minutes.";

function App() {
  return useRoutes([{ path: "/reset-password/:token", element: <ResetPasswordPage /> }]);
}

afterEach(() => vi.unstubAllGlobals());

describe("the reset page", () => {
  it("while this address has tried too often, says so over the form, which stays usable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ error: { code: "rate_limited", message: TOO_MANY } }), {
          status: 429,
        }),
      ),
    );
    window.history.replaceState(null, "", "/reset-password/a-token");
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(TOO_MANY);
    await userEvent.type(screen.getByLabelText("New Password"), "Kente-Cloth9");
    expect(screen.getByRole("button", { name: "Set Password" })).toBeEnabled();
  });
});
