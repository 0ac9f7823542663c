import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useOutbox } from "./useOutbox";

/** A delivery the test settles by hand, one promise per item, in the order they were delivered. */
function manualDelivery() {
  const calls: Array<{ item: string; settle: (ok: boolean) => void }> = [];
  const deliver = (item: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ item, settle: (ok) => (ok ? resolve() : reject(new Error(`refused ${item}`))) });
    });
  return { calls, deliver };
}

const turn = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("useOutbox", () => {
  it("delivers one at a time, in the order sent, however fast they come", async () => {
    const { calls, deliver } = manualDelivery();
    const { result } = renderHook(() => useOutbox(deliver, () => {}));
    result.current("one");
    result.current("two");
    result.current("three");
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one"]);
    calls[0]?.settle(true);
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one", "two"]);
    calls[1]?.settle(true);
    await turn();
    calls[2]?.settle(true);
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one", "two", "three"]);
  });

  it("gives back a refused item and those sent after it, in order, and sends none of them", async () => {
    const { calls, deliver } = manualDelivery();
    const back: string[][] = [];
    const { result } = renderHook(() => useOutbox(deliver, (items) => back.push(items)));
    result.current("one");
    result.current("two");
    result.current("three");
    await turn();
    calls[0]?.settle(true);
    await turn();
    calls[1]?.settle(false);
    await turn();
    expect(back).toEqual([["two", "three"]]);
    expect(calls.map((c) => c.item)).toEqual(["one", "two"]);

    // The outbox works again for what is sent next.
    result.current("four");
    await turn();
    calls[2]?.settle(true);
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one", "two", "four"]);
  });
});
