import { renderHook } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { useLostSend, withoutSent } from "./lostSend";

type Item = { id: string; content: string };
const first = { id: "m1", content: "Posted once only" };
const second = { id: "m2", content: "and this after it" };

/** The hook over a list the test fills, as the channel's timeline or a conversation would be. */
function setUp(initial: string[] = []) {
  const settle = vi.fn<(item: Item) => void>();
  const lost: { current: Item | null } = { current: null };
  const hook = renderHook(({ list }) => useLostSend<Item>(lost, (id) => list.includes(id), settle), {
    initialProps: { list: initial },
  });
  return { settle, hook };
}

describe("a send whose answer was lost", () => {
  it("is settled as sent once the list shows it, once, and only the one that was on its way", () => {
    const { settle, hook } = setUp();
    act(() => hook.result.current.back([first, second], true));
    expect(settle).not.toHaveBeenCalled();
    hook.rerender({ list: ["m2"] });
    expect(settle).not.toHaveBeenCalled();
    hook.rerender({ list: ["m2", "m1"] });
    expect(settle).toHaveBeenCalledExactlyOnceWith(first);
    hook.rerender({ list: ["m2", "m1", "m3"] });
    expect(settle).toHaveBeenCalledTimes(1);
  });

  it("is settled when the list showed it before the failure was known (the event came first)", () => {
    const { settle, hook } = setUp(["m1"]);
    act(() => hook.result.current.back([first], true));
    expect(settle).toHaveBeenCalledExactlyOnceWith(first);
  });

  it("is not settled when it cannot have been written, nor once something else is sent", () => {
    const { settle, hook } = setUp();
    act(() => hook.result.current.back([first], false));
    hook.rerender({ list: ["m1"] });
    act(() => hook.result.current.back([second], true));
    act(() => hook.result.current.clear());
    hook.rerender({ list: ["m1", "m2"] });
    expect(settle).not.toHaveBeenCalled();
  });
});

describe("the box once the sent message leaves it", () => {
  it("loses the message in front, and keeps what was written after it or instead", () => {
    expect(withoutSent("Posted once only", "Posted once only", "\n")).toBe("");
    expect(withoutSent("Posted once only\nand more", "Posted once only", "\n")).toBe("and more");
    expect(withoutSent("Posted once only more", "Posted once only", " ")).toBe("more");
    expect(withoutSent("Posted twice", "Posted once only", "\n")).toBe("Posted twice");
    expect(withoutSent("", "", "\n")).toBe("");
  });
});
