import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError } from "./http";
import { forgetOutboxes, useOutbox } from "./useOutbox";

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

afterEach(forgetOutboxes);

/** A box of `place` that sent "one" and "two", then closed with "one" on its way. */
async function sentTwoAndClosed(place: string) {
  const delivery = manualDelivery();
  const box = renderHook(() => useOutbox(place, delivery.deliver, () => {}));
  box.result.current.send("one");
  box.result.current.send("two");
  box.unmount();
  await turn();
  return delivery;
}

describe("useOutbox", () => {
  it("keeps why a refusal came for the place's next box, when the box it reached closes (the channel left), until settled", async () => {
    const { calls, deliver } = manualDelivery();
    const first = renderHook(() => useOutbox("place", deliver, () => {}));
    first.result.current.send("one");
    await turn();
    calls[0]?.settle(false);
    await turn();
    expect(first.result.current.refusal?.failure).toEqual(new Error("refused one"));
    first.unmount();
    const next = renderHook(() => useOutbox("place", deliver, () => {}));
    expect(next.result.current.refusal?.failure).toEqual(new Error("refused one"));
    act(() => next.result.current.settle());
    expect(next.result.current.refusal).toBeNull();
  });

  it("keeps the id of one that came back unanswered for the place's next box, when the box it reached closes, to go again as the same message", async () => {
    const deliver = () => Promise.reject(new NetworkError("offline"));
    const first = renderHook(() =>
      useOutbox<{ id: string; text: string }>("place", deliver, (items, failure) => {
        first.result.current.ids.back(
          items.map((item) => ({ key: item.text, id: item.id })),
          failure,
          "",
        );
        first.result.current.lost.current = items[0] ?? null;
      }),
    );
    const id = first.result.current.ids.take("one");
    first.result.current.send({ id, text: "one" });
    await turn();
    first.unmount();
    const next = renderHook(() => useOutbox<{ id: string; text: string }>("place", deliver, () => {}));
    expect(next.result.current.lost.current).toEqual({ id, text: "one" });
    expect(next.result.current.ids.take("one")).toBe(id);
    // Sent again: a later "one" is another message.
    expect(next.result.current.ids.take("one")).not.toBe(id);
  });

  it("delivers one at a time, in the order sent, however fast they come", async () => {
    const { calls, deliver } = manualDelivery();
    const { result } = renderHook(() => useOutbox("place", deliver, () => {}));
    const send = result.current.send;
    send("one");
    send("two");
    send("three");
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
    const { result } = renderHook(() => useOutbox("place", deliver, (items) => back.push(items)));
    const send = result.current.send;
    send("one");
    send("two");
    send("three");
    await turn();
    calls[0]?.settle(true);
    await turn();
    calls[1]?.settle(false);
    await turn();
    expect(back).toEqual([["two", "three"]]);
    expect(calls.map((c) => c.item)).toEqual(["one", "two"]);

    // The outbox works again for what is sent next.
    send("four");
    await turn();
    calls[2]?.settle(true);
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one", "two", "four"]);
  });

  it("counts what is on its way, for the box to say it is sending", async () => {
    const { calls, deliver } = manualDelivery();
    const { result } = renderHook(() => useOutbox("place", deliver, () => {}));
    expect(result.current.waiting).toBe(0);
    act(() => {
      result.current.send("one");
      result.current.send("two");
    });
    expect(result.current.waiting).toBe(2);
    calls[0]?.settle(true);
    await turn();
    expect(result.current.waiting).toBe(1);
    calls[1]?.settle(true);
    await turn();
    expect(result.current.waiting).toBe(0);
  });

  it("goes on when its box closes, and gives what was refused meanwhile to the place's next box", async () => {
    const { calls, deliver } = await sentTwoAndClosed("channel:a");
    calls[0]?.settle(true);
    await turn();
    expect(calls.map((c) => c.item)).toEqual(["one", "two"]);
    calls[1]?.settle(false);
    await turn();

    // Another place's box takes nothing; the place's own takes it back, with why, once.
    const other: string[][] = [];
    renderHook(() => useOutbox("channel:b", deliver, (items) => other.push(items)));
    const back: Array<[string[], string]> = [];
    const again = renderHook(() =>
      useOutbox("channel:a", deliver, (items, failure) => back.push([items, (failure as Error).message])),
    );
    expect(other).toEqual([]);
    expect(back).toEqual([[["two"], "refused two"]]);
    again.rerender();
    expect(back).toHaveLength(1);
  });

  it("forgets what the last user had waiting when another signs in", async () => {
    const { calls, deliver } = await sentTwoAndClosed("place");
    forgetOutboxes();
    calls[0]?.settle(false);
    await turn();
    const back: string[][] = [];
    renderHook(() => useOutbox("place", deliver, (items) => back.push(items)));
    expect(back).toEqual([]);
    expect(calls.map((c) => c.item)).toEqual(["one"]);
  });

  it("asks before the page is left while something is on its way", async () => {
    const { calls, deliver } = manualDelivery();
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { result } = renderHook(() => useOutbox("place", deliver, () => {}));
    expect(leave()).toBe(false);
    act(() => result.current.send("one"));
    expect(leave()).toBe(true);
    calls[0]?.settle(true);
    await turn();
    expect(leave()).toBe(false);
  });
});
