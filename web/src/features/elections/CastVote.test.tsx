import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import { type Election, electionMessages, type PositionView } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { firstMessages } from "../../../../contract/first-messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { ToastProvider } from "../../ui/Toast";
import { CastVote } from "./CastVote";
import { pageText } from "./pageText";
import { keepReceipt } from "./receipts";
import { text } from "./text";

vi.mock("../../api/client", () => ({ call: vi.fn() }));
vi.mock("../accounts/AuthProvider", () => ({
  useAuth: () => ({ user: { id: "voter", user_type: "voter", two_factor_enabled: false } as Profile }),
}));
vi.mock("../workspace/WorkspaceContext", () => ({
  useWorkspace: () => ({ area: "member", currentId: "o", current: { id: "o", status: "active" } }),
}));

const president: PositionView = {
  id: "p",
  title: "President",
  description: "",
  max_selections: 1,
  method: { kind: "plurality" },
  blank: false,
  order: "as_entered",
  candidates: [{ id: "ada", name: "Ada", party: "Blue", image_url: "", statement: "", vote_count: null }],
  result: null,
};

const election = (status: Election["status"], blocked = false): Election =>
  ({
    id: "e",
    organization_id: "o",
    channel_id: "c",
    title: "Council",
    status,
    start_date: "2026-01-01",
    start_time: "09:00",
    time_zone: "UTC",
    verification_methods: ["national_id"],
    requires_two_factor: false,
    positions: [president],
    viewer: {
      can_manage: false,
      can_see_results: false,
      can_vote: true,
      voted_position_ids: [],
      on_roll: true,
      blocked,
    },
  }) as unknown as Election;

function page(status: Election["status"], onChanged = vi.fn(), blocked = false, voted: string[] = []) {
  const shown = election(status, blocked);
  shown.viewer.voted_position_ids = voted;
  return (
    <ToastProvider>
      <CastVote election={shown} onChanged={onChanged} />
    </ToastProvider>
  );
}

/** Marks Ada, submits, and types an ID into the verification dialog (not yet Verify). */
async function verifying() {
  fireEvent.click(screen.getByRole("radio", { name: /Ada/ }));
  fireEvent.click(screen.getByRole("button", { name: pageText.submitVote }));
  // The dialog's code loads lazily: a loaded machine takes more than findBy's second for it.
  fireEvent.click(await screen.findByRole("button", { name: text.continue }, { timeout: 10_000 }));
  fireEvent.change(screen.getByLabelText(text.nationalIdLabel), { target: { value: "DEMO100200" } });
}

beforeEach(() => {
  vi.mocked(call).mockReset();
});

describe("voting closes while the voter is in the verification dialog", () => {
  it("closes the dialog when the election is no longer open, and says voting has closed", async () => {
    const view = render(page("active"));
    await verifying();
    expect(screen.getByRole("dialog", { name: text.verifyTitle })).toBeInTheDocument();

    view.rerender(page("completed"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText(pageText.notOpenCompleted)).toBeInTheDocument();
    expect(screen.queryByText(text.verifyFailed)).toBeNull();
    expect(screen.queryByText(electionMessages.verificationCancelled)).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it("a Verify refused because voting closed is not shown as a verification failure", async () => {
    const onChanged = vi.fn();
    render(page("active", onChanged));
    await verifying();
    vi.mocked(call).mockRejectedValue(new ApiError(403, "forbidden", electionMessages.notOpen));
    fireEvent.click(screen.getByRole("button", { name: text.verify }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(text.verifyFailed)).toBeNull();
    expect(screen.queryByText(text.tryAgain)).toBeNull();
    // The election is read again: its notice says voting has closed.
    expect(onChanged).toHaveBeenCalled();
  });

  it("an identity that does not check out still gets the failure panel", async () => {
    render(page("active"));
    await verifying();
    vi.mocked(call).mockRejectedValue(
      new ApiError(400, "bad_request", "Invalid ID number. Please check and try again."),
    );
    fireEvent.click(screen.getByRole("button", { name: text.verify }));
    expect(await screen.findByText(text.verifyFailed)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: text.tryAgain })).toBeInTheDocument();
  });
});

describe("a voter whose voting session an administrator blocked", () => {
  it("is told so before verifying, not after, and is offered no ballot to submit", async () => {
    render(page("active", vi.fn(), true));
    expect(await screen.findByText(firstMessages.votingSessionBlocked)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: pageText.submitVote })).toBeNull();
  });
});

describe("a cast refused because the session was blocked meanwhile", () => {
  it("says so once, by the notice, and leaving the page asks nothing about answers that cannot be cast", async () => {
    const onChanged = vi.fn();
    const view = render(page("active", onChanged));
    await verifying();
    vi.mocked(call).mockImplementation(async (endpoint) => {
      if (endpoint === electionsEndpoints.cast)
        throw new ApiError(403, "forbidden", firstMessages.votingSessionBlocked);
      return { status: "verified", grant_id: "g" } as never;
    });
    fireEvent.click(screen.getByRole("button", { name: text.verify }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled(), { timeout: 5_000 });
    // The election read again says the block.
    view.rerender(page("active", onChanged, true));
    expect(await screen.findAllByText(firstMessages.votingSessionBlocked, { exact: false })).toHaveLength(1);
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });
});

describe("a vote cast in another tab of this browser", () => {
  it("shows its choice, from the receipt that tab kept, once this tab learns of the vote", () => {
    const view = render(page("active"));
    keepReceipt("voter", "e", {
      receipt: "r-1",
      choices: { p: "ada" },
      answers: {},
      cast_at: new Date().toISOString(),
      head: null,
    });
    // A refusal ("already voted") reads the election again: the position is voted now.
    view.rerender(page("active", vi.fn(), false, ["p"]));
    expect(screen.queryByText(pageText.choiceNotKept)).toBeNull();
    expect(screen.getByText("Ada")).toBeInTheDocument();
  });
});

describe("a voter who confirms sensitive actions with their password", () => {
  it("is asked for it once verified, before anything is cast (not after a refusal)", async () => {
    const shown = election("active");
    shown.viewer.confirms_with_password = true;
    render(
      <ToastProvider>
        <CastVote election={shown} onChanged={vi.fn()} />
      </ToastProvider>,
    );
    await verifying();
    vi.mocked(call).mockResolvedValue({ status: "verified", grant_id: "g" } as never);
    fireEvent.click(screen.getByRole("button", { name: text.verify }));
    expect(
      await screen.findByRole("dialog", { name: text.passwordTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(vi.mocked(call).mock.calls.some(([endpoint]) => endpoint === electionsEndpoints.cast)).toBe(false);
  });
});
