import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { realtime } from "../../api/socket";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { ConnectionStatus } from "./ConnectionStatus";
import { shellText } from "./shellText";

withFakeSockets();

describe("the workspace's connection status", () => {
  it("says live updates are paused while the connection is lost, and nothing once it is back", () => {
    render(<ConnectionStatus />);
    const stop = realtime.subscribe("org:o", () => undefined);
    const status = screen.getByRole("status");
    // Connecting at first, then open: nothing to say.
    expect(status).toBeEmptyDOMElement();
    act(() => latest().open());
    expect(status).toBeEmptyDOMElement();

    act(() => latest().drop(1006));
    expect(status).toHaveTextContent(shellText.reconnecting);

    act(() => {
      vi.advanceTimersByTime(500);
      latest().open();
    });
    expect(status).toBeEmptyDOMElement();
    act(() => {
      stop();
      vi.advanceTimersByTime(2_000);
    });
  });
});
