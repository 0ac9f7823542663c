import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import { call } from "../../api/client";
import { createQueryClient } from "../../api/query";
import { AuthProvider } from "./AuthProvider";
import { writeCachedProfile } from "./storage";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

afterEach(() => {
  vi.mocked(call).mockReset();
  localStorage.clear();
});

const profile = (id: string) => ({ id, full_name: `User ${id}`, user_type: "voter" }) as unknown as Profile;

/** The screen's reads, answered by the test in the order they were made. */
let reads: Array<(value: string) => void> = [];

/** A screen with one read of its own. */
function Screen() {
  const board = useQuery({
    queryKey: ["board"],
    queryFn: () => new Promise<string>((resolve) => reads.push(resolve)),
  });
  return <p>{board.data ?? "Loading..."}</p>;
}

/** The app with the screen, the session's answer held until the test gives it. */
function renderWithScreen() {
  let answerSession: (profile: Profile | null) => void = () => {};
  vi.mocked(call).mockImplementation(
    () =>
      new Promise((resolve) => {
        answerSession = (answer) => resolve({ profile: answer } as never);
      }),
  );
  reads = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Screen />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { answerSession: (answer: Profile | null) => answerSession(answer) };
}

describe("AuthProvider", () => {
  it("when the session names another user than the page showed, a screen's read on its way is made again for them, not left loading", async () => {
    writeCachedProfile(profile("someone-before"));
    const { answerSession } = renderWithScreen();
    await waitFor(() => expect(reads).toHaveLength(1));
    answerSession(profile("signed-in-now"));
    await waitFor(() => expect(reads).toHaveLength(2));
    reads[0]?.("read for the one before");
    reads[1]?.("read for this user");
    await screen.findByText("read for this user");
    expect(screen.queryByText("read for the one before")).toBeNull();
  });

  it("a first visit in this browser (nobody shown before) that is signed in also ends its screen's load", async () => {
    const { answerSession } = renderWithScreen();
    await waitFor(() => expect(reads).toHaveLength(1));
    answerSession(profile("signed-in"));
    await waitFor(() => expect(reads).toHaveLength(2));
    for (const read of reads) read("the board");
    await screen.findByText("the board");
  });

  it("a screen showing what it read keeps it (the invitation being accepted), and it is read for nobody again", async () => {
    const { answerSession } = renderWithScreen();
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0]?.("the invitation");
    await screen.findByText("the invitation");
    answerSession(profile("who-just-joined"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveLength(1);
    expect(screen.getByText("the invitation")).toBeTruthy();
  });
});
