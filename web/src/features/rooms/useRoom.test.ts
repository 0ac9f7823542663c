import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomView } from "../../../../contract/rooms";
import { call } from "../../api/client";
import { settledRead } from "./useRoom";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

const viewWith = (count: number) =>
  ({ session: { id: "s1", participant_count: count }, participants: [] }) as unknown as RoomView;

describe("a read of the room", () => {
  beforeEach(() => vi.mocked(call).mockReset());

  it("is shown as it came when nothing changed while it was on its way", async () => {
    const changes = { current: 0 };
    const view = await settledRead(changes, async () => viewWith(1));
    expect(view.session.participant_count).toBe(1);
    expect(call).not.toHaveBeenCalled();
  });

  it("is read again when an event landed before its answer, which may predate the event", async () => {
    const changes = { current: 0 };
    // The read sees one participant; the host's seat is taken (and its event shown) before it lands.
    const first = async () => {
      changes.current += 1;
      return viewWith(1);
    };
    vi.mocked(call).mockResolvedValueOnce(viewWith(2));
    const view = await settledRead(changes, first);
    expect(view.session.participant_count).toBe(2);
    expect(call).toHaveBeenCalledTimes(1);
    expect(vi.mocked(call).mock.calls[0]?.[1]).toEqual({ params: { id: "s1" } });
  });

  it("gives up after a few reads while events keep landing, showing the last answer", async () => {
    const changes = { current: 0 };
    vi.mocked(call).mockImplementation(async () => {
      changes.current += 1;
      return viewWith(3);
    });
    const view = await settledRead(changes, async () => {
      changes.current += 1;
      return viewWith(1);
    });
    expect(view.session.participant_count).toBe(3);
    expect(call).toHaveBeenCalledTimes(3);
  });
});
