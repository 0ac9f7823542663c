import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import { createQueryClient } from "../../api/query";
import { withFakeSockets } from "../../api/socket.fixtures";
import { ToastProvider } from "../../ui/Toast";
import type { useAuth } from "../accounts/AuthProvider";
import { useWorkspace, WorkspaceProvider } from "./WorkspaceContext";

// The device's copy of the profile from an earlier visit: still naming "left", an organization
// the user has left since (the session's read has not answered yet).
vi.mock("../accounts/AuthProvider", () => ({
  useAuth: () => ({ user: { id: "ama", organization_id: "left" } as Profile }) as ReturnType<typeof useAuth>,
}));

withFakeSockets();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function Frame() {
  const { status, currentId } = useWorkspace();
  return <output aria-label="frame">{`${status} ${currentId}`}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe("the workspace's first reads", () => {
  it("start with the session's organization beside the list, and only the list decides what the frame shows", async () => {
    let answerMine: (response: Response) => void = () => undefined;
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string) => {
        asked.push(path);
        if (path === "/api/organizations/mine")
          return new Promise<Response>((resolve) => {
            answerMine = resolve;
          });
        if (path.startsWith("/api/organizations/left"))
          return Promise.resolve(
            json(404, { error: { code: "not_found", message: "Organization not found" } }),
          );
        if (path === "/api/organizations/kept")
          return Promise.resolve(json(200, { id: "kept", name: "Kept" }));
        if (path === "/api/organizations/kept/channels") return Promise.resolve(json(200, { channels: [] }));
        if (path === "/api/organizations/kept/members") return Promise.resolve(json(200, { members: [] }));
        if (path === "/api/organizations/kept/online") return Promise.resolve(json(200, { user_ids: [] }));
        return Promise.resolve(json(404, { error: { code: "not_found", message: "Not found" } }));
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <WorkspaceProvider area="member">
            <Frame />
          </WorkspaceProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    const frame = () => screen.getByRole("status", { name: "frame" }).textContent;
    // Asked beside the list, not after it.
    await vi.waitFor(() => expect(asked).toContain("/api/organizations/left/channels"));
    expect(asked).toContain("/api/organizations/mine");
    // Refused (left since): not an error on screen while the list has not answered.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(frame()).toBe("loading left");

    await act(async () => {
      answerMine(
        json(200, { current_id: "kept", organizations: [{ id: "kept", name: "Kept" }], pending: [] }),
      );
      await vi.advanceTimersByTimeAsync(50);
    });
    await vi.waitFor(() => expect(frame()).toBe("ready kept"));
  });
});
