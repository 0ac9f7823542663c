import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetKeptForUser } from "../../api/keptForUser";
import { askServer, countedUpTo, forgetReadTimes, readUpTo } from "./readTimes";

describe("messages only the server can count (around a read in another tab)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    forgetReadTimes();
    vi.useRealTimers();
  });

  it("asks the server once, after a pause, for any number of them", () => {
    const readAgain = vi.fn();
    askServer("general", 1_000, readAgain);
    askServer("general", 2_000, readAgain);
    askServer("random", 1_500, readAgain);
    vi.advanceTimersByTime(1_499);
    expect(readAgain).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(readAgain).toHaveBeenCalledTimes(1);
  });

  it("does not ask when a later read covers them by then", () => {
    const readAgain = vi.fn();
    askServer("general", 2_000, readAgain);
    readUpTo.set("general", 2_000);
    vi.advanceTimersByTime(1_500);
    expect(readAgain).not.toHaveBeenCalled();
  });

  it("forgets everything, a question on its way included, when the user changes", () => {
    const readAgain = vi.fn();
    readUpTo.set("general", 5_000);
    countedUpTo.set("general", 6_000);
    askServer("general", 6_000, readAgain);
    forgetKeptForUser(); // as AuthProvider does when another user, or none, signs in
    vi.advanceTimersByTime(1_500);
    expect(readAgain).not.toHaveBeenCalled();
    expect(readUpTo.size + countedUpTo.size).toBe(0);
  });
});
