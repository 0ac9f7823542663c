import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Election } from "../../../../contract/elections";
import { messages } from "../../../../contract/messages";
import { createQueryClient } from "../../api/query";
import { ToastProvider } from "../../ui/Toast";
import { ConfigurationPanel } from "./ConfigurationPanel";
import { text } from "./text";

vi.mock("../../api/client", () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const workspace = vi.hoisted(() => ({ status: "active" }));
vi.mock("../workspace/WorkspaceContext", () => ({
  useWorkspace: () => ({ current: { id: "o", status: workspace.status } }),
}));

const election = {
  id: "e",
  organization_id: "o",
  channel_id: "c",
  title: "Council",
  description: "",
  status: "upcoming",
  start_date: "2099-01-01",
  end_date: "2099-01-02",
  start_time: "09:00",
  end_time: "17:00",
  starts_at: "2099-01-01T09:00:00.000Z",
  ends_at: "2099-01-02T17:00:00.000Z",
  time_zone: "UTC",
  results_hidden: false,
  quorum_percent: null,
  verification_methods: ["national_id"],
  requires_two_factor: false,
  positions: [],
  viewer: {
    can_manage: true,
    can_see_results: true,
    can_vote: false,
    voted_position_ids: [],
    on_roll: false,
  },
} as unknown as Election;

function panel() {
  globalThis.matchMedia ??= (() => ({ matches: true })) as unknown as typeof matchMedia;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <ConfigurationPanel election={election} onUpdated={() => undefined} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("an election's configuration in a suspended organization", () => {
  it("shows every control disabled and says why, instead of refusing after a confirmation", () => {
    workspace.status = "suspended";
    panel();
    expect(screen.getByText(messages.organizationSuspended)).toBeTruthy();
    expect(screen.getByRole("button", { name: text.openNow })).toBeDisabled();
    // The panel still folds and unfolds: reading stays open.
    expect(screen.getByRole("button", { name: text.configTitle })).toBeEnabled();
  });

  it("leaves them enabled while the organization is active", () => {
    workspace.status = "active";
    panel();
    expect(screen.queryByText(messages.organizationSuspended)).toBeNull();
    expect(screen.getByRole("button", { name: text.openNow })).toBeEnabled();
  });
});
