import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReminderSelect } from "./ElectionNotices";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function list() {
  const onChoose = vi.fn(async () => undefined);
  const shown = render(
    <ReminderSelect id="r" value={null} disabled={false} busy={false} onChoose={onChoose} />,
  );
  return { onChoose, select: screen.getByRole("combobox") as HTMLSelectElement, unmount: shown.unmount };
}

describe("the scheduled reminder's list", () => {
  it("saves the choice the keyboard stops at, not each step on the way, and stays usable meanwhile", async () => {
    const { onChoose, select } = list();
    for (const hours of ["2", "6", "24"]) {
      fireEvent.change(select, { target: { value: hours } });
      expect(select.disabled).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(300));
    }
    expect(onChoose).not.toHaveBeenCalled();
    expect(select.value).toBe("24");
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(onChoose.mock.calls).toEqual([[24]]);
  });

  it("saves at once when the list is left, once however often it is left", async () => {
    const { onChoose, select } = list();
    fireEvent.change(select, { target: { value: "6" } });
    fireEvent.blur(select);
    fireEvent.blur(select);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onChoose.mock.calls).toEqual([[6]]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it("saves a choice not yet saved when the list goes away (its panel closed)", async () => {
    const { onChoose, select, unmount } = list();
    fireEvent.change(select, { target: { value: "48" } });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onChoose.mock.calls).toEqual([[48]]);
  });
});
