import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { onSessionLost } from "./sessionLost";
import { realtime } from "./socket";
import { FakeSocket, latest, withFakeSockets } from "./socket.fixtures";
import { useLive, useReconnected } from "./useRealtime";

withFakeSockets();

/** Listens to a topic; the returned function stops, and lets the socket close (idle). */
function listen() {
  const stop = realtime.subscribe("org:o", () => undefined);
  return () => {
    stop();
    vi.advanceTimersByTime(2_000);
  };
}

describe("the realtime connection as the screens see it", () => {
  it("is connecting, open, lost while it retries, open again, and idle once no screen listens", () => {
    const changes: string[] = [];
    const off = realtime.onConnection((now, before) => changes.push(`${before}>${now}`));
    const stop = listen();
    expect(realtime.connection).toBe("connecting");
    latest().open();
    expect(realtime.connection).toBe("open");

    latest().drop(1006);
    expect(realtime.connection).toBe("lost");
    // The retry that fails too (the server still down) leaves it lost. (Waits: at most the backoff step.)
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(1006);
    expect(realtime.connection).toBe("lost");
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    expect(realtime.connection).toBe("open");

    stop();
    expect(realtime.connection).toBe("idle");
    off();
    expect(changes).toEqual(["idle>connecting", "connecting>open", "open>lost", "lost>open", "open>idle"]);
  });

  it("is lost when the first attempt finds no server", () => {
    const stop = listen();
    latest().drop(1006);
    expect(realtime.connection).toBe("lost");
    stop();
  });

  it("tells the session's holder why, when the server says the session was ended elsewhere (4402)", () => {
    const told: string[] = [];
    const stopListening = onSessionLost((why) => told.push(why));
    const stop = listen();
    latest().open();
    latest().drop(4401);
    expect(realtime.connection).toBe("idle");
    stop();
    const again = listen();
    latest().open();
    latest().drop(4402);
    expect(realtime.connection).toBe("idle");
    expect(told).toEqual(["unknown", "elsewhere"]);
    again();
    stopListening();
  });

  it("is not lost when the server ends a finished session (4401): the tab signs in again", () => {
    const stop = listen();
    latest().open();
    latest().drop(4401);
    expect(realtime.connection).toBe("idle");
    stop();
  });

  it("useLive is false while lost; useReconnected runs once the lost connection is back, not at the first open", () => {
    const back = vi.fn();
    const { result } = renderHook(() => {
      useReconnected(back);
      return useLive();
    });
    const stop = listen();
    expect(result.current).toBe(true);
    act(() => latest().open());
    expect(back).not.toHaveBeenCalled();

    act(() => latest().drop(1006));
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(500);
      latest().open();
    });
    expect(result.current).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    act(stop);
  });
});
