import { afterEach, describe, expect, it } from "vitest";
import type { Ballot } from "../../../../contract/ballots/ballot";
import { forgetDraft, keepDraft } from "./ballotDrafts";

const leaving = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => forgetDraft("e1"));

describe("answers marked and not cast", () => {
  it("make the browser ask before the page is reloaded or closed", () => {
    expect(leaving()).toBe(false);
    keepDraft("e1", { p1: { kind: "choice", candidate_id: "c1" } as unknown as Ballot });
    expect(leaving()).toBe(true);
  });

  it("ask nothing once taken back or cast", () => {
    keepDraft("e1", { p1: undefined });
    expect(leaving()).toBe(false);
    keepDraft("e1", { p1: { kind: "choice", candidate_id: "c1" } as unknown as Ballot });
    forgetDraft("e1");
    expect(leaving()).toBe(false);
  });
});
