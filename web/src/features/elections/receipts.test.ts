import { afterEach, describe, expect, it } from "vitest";
import { forgetKeptOnDevice } from "../accounts/keptOnDevice";
import { keepReceipt, keptOf, receiptsFor } from "./receipts";

const receipt = (code: string) => ({ receipt: code, choices: { president: "ada" }, cast_at: "" });

afterEach(() => localStorage.clear());

describe("kept receipts", () => {
  it("are the signed-in voter's own: another user, or none, reads nothing", () => {
    keepReceipt("voter-1", "election", receipt("VS-1"));
    expect(receiptsFor("voter-1", "election").map((r) => r.receipt)).toEqual(["VS-1"]);
    expect(keptOf("voter-1", "election").choices).toEqual({ president: "ada" });
    expect(receiptsFor("voter-2", "election")).toEqual([]);
    expect(receiptsFor(undefined, "election")).toEqual([]);
    keepReceipt(undefined, "election", receipt("VS-2"));
    expect(localStorage.length).toBe(1);
  });

  it("go at sign-out, those kept before they were per voter too; nothing else does", () => {
    keepReceipt("voter-1", "election", receipt("VS-1"));
    localStorage.setItem("votespace_receipts", JSON.stringify({ election: [receipt("VS-0")] }));
    localStorage.setItem("votespace_other", "kept");
    forgetKeptOnDevice();
    expect(receiptsFor("voter-1", "election")).toEqual([]);
    expect(Object.keys(localStorage)).toEqual(["votespace_other"]);
  });
});
