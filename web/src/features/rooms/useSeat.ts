import { useEffect, useState } from "react";
import { RoomSocket, type SeatState } from "./roomSocket";

/**
 * Holds the user's seat in the session while the screen is open (and `wanted`): a room socket
 * that joins on open and leaves when closed. `rejoin` takes the seat again after leaving.
 */
export function useSeat(sessionId: string | null, wanted: boolean) {
  const [seat, setSeat] = useState<SeatState>({ state: "connecting" });
  const [socket, setSocket] = useState<RoomSocket | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the Rejoin button's way to take the seat again
  useEffect(() => {
    if (!sessionId || !wanted) return;
    const created = new RoomSocket(sessionId, setSeat);
    setSocket(created);
    return () => {
      created.leave();
      setSocket(null);
    };
  }, [sessionId, wanted, round]);

  return {
    seat,
    socket,
    leave: () => socket?.leave(),
    rejoin: () => setRound((n) => n + 1),
  };
}
