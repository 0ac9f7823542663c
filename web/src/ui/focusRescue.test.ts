import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFocusRescue } from "./focusRescue";

let stop: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `
    <main>
      <section id="card"><h2>Riverside</h2><button id="join">Join Organization</button></section>
      <ul id="list"><li id="m1"><button id="delete">Delete</button></li><li id="m2">Next</li></ul>
      <form><input id="name" /><button id="submit">Create Channel</button></form>
    </main>`;
  stop = installFocusRescue();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** The browser's own rule: a focused element removed or disabled leaves the focus on the body. */
const settle = async () => {
  await Promise.resolve();
  vi.advanceTimersByTime(200);
};
const byId = (id: string) => document.getElementById(id) as HTMLElement;

describe("focus left on nothing", () => {
  it("goes to the nearest container still on the page when the focused control goes", async () => {
    byId("delete").focus();
    byId("m1").remove();
    if (document.activeElement !== document.body) (document.activeElement as HTMLElement).blur();
    await settle();
    expect(document.activeElement).toBe(byId("list"));
    expect(byId("list").tabIndex).toBe(-1);

    byId("join").focus();
    byId("join").replaceWith(Object.assign(document.createElement("p"), { textContent: "Request pending" }));
    await settle();
    expect(document.activeElement).toBe(byId("card"));
  });

  it("goes back to a control disabled while its request ran, once it is enabled again", async () => {
    const submit = byId("submit") as HTMLButtonElement;
    submit.focus();
    // (jsdom keeps the focus on a disabled button: it is taken off first, in the same turn.)
    submit.blur();
    submit.disabled = true;
    await settle();
    expect(document.activeElement).toBe(document.body);
    submit.disabled = false;
    await settle();
    expect(document.activeElement).toBe(submit);
  });

  it("is not brought back when the user left it on purpose, nor put on the main area", async () => {
    byId("name").focus();
    byId("name").blur();
    await settle();
    document.body.append(document.createElement("div"));
    await settle();
    expect(document.activeElement).toBe(document.body);

    // A new page: the whole main area's content goes; the router puts the focus on its heading.
    byId("join").focus();
    byId("card").remove();
    byId("list").remove();
    document.querySelector("form")?.remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
