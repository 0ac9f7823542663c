import { describe, expect, it } from "vitest";
import { postersChanged } from "./PostersSection";

describe("postersChanged", () => {
  it("compares the chosen posters with the saved ones as sets", () => {
    expect(postersChanged(["a", "b"], ["b", "a"])).toBe(false);
    expect(postersChanged([], [])).toBe(false);
    expect(postersChanged(["a"], ["a", "b"])).toBe(true);
    expect(postersChanged(["a", "b"], ["a", "c"])).toBe(true);
  });
});
