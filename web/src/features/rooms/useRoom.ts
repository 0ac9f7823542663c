import { useCallback, useEffect, useRef, useState } from "react";
import { byStage, type RoomParticipant, type RoomSession, type RoomView } from "../../../../contract/rooms";
import { ApiError } from "../../api/http";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";
import { roomsApi } from "./api";

export type RoomLoad =
  | { state: "loading" }
  | { state: "ready"; view: RoomView }
  | { state: "error"; message: string; status: number | null };

function withParticipant(view: RoomView, participant: RoomParticipant): RoomView {
  const others = view.participants.filter((p) => p.user_id !== participant.user_id);
  const participants = participant.is_connected ? [...others, participant].sort(byStage) : others;
  const viewer =
    participant.user_id === view.viewer.user_id ? { ...view.viewer, role: participant.role } : view.viewer;
  return { ...view, participants, viewer };
}

/**
 * The room of a channel: its open session (opened, or created as waiting, when the screen
 * loads), kept live from the channel's events; refetched after every (re)subscription, since
 * events published while the socket was down are lost.
 */
export function useRoom(channelId: string | null) {
  const [load, setLoad] = useState<RoomLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const sessionId = load.state === "ready" ? load.view.session.id : null;
  const sessionRef = useRef<string | null>(null);
  sessionRef.current = sessionId;
  const endedRef = useRef(false);
  endedRef.current = load.state === "ready" && load.view.session.status === "ended";

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's way to load again
  useEffect(() => {
    if (!channelId) return;
    let cancelled = false;
    setLoad({ state: "loading" });
    roomsApi
      .open(channelId)
      .then((view) => !cancelled && setLoad({ state: "ready", view }))
      .catch(
        (failure: unknown) =>
          !cancelled &&
          setLoad({
            state: "error",
            message: messageOf(failure),
            status: failure instanceof ApiError ? failure.status : null,
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [channelId, attempt]);

  const update = useCallback((change: (view: RoomView) => RoomView) => {
    setLoad((current) =>
      current.state === "ready" ? { state: "ready", view: change(current.view) } : current,
    );
  }, []);

  const refetch = useCallback(async () => {
    const id = sessionRef.current;
    if (!id) return;
    try {
      const view = await roomsApi.get(id);
      if (sessionRef.current === id) setLoad({ state: "ready", view });
    } catch {
      // The next event or reconnect tries again; the last good state stays on screen.
    }
  }, []);

  const ofThisSession = (id: string) => id === sessionRef.current;

  useTopic(
    channelId ? `channel:${channelId}` : null,
    {
      "room.updated": ({ session }) => {
        if (ofThisSession(session.id)) update((view) => ({ ...view, session }));
        // Someone opened a new session after this one ended: follow it.
        else if (session.status !== "ended" && endedRef.current) setAttempt((n) => n + 1);
      },
      "participant.joined": ({ session_id, participant, participant_count }) => {
        if (!ofThisSession(session_id)) return;
        update((view) => ({
          ...withParticipant(view, participant),
          session: { ...view.session, participant_count },
        }));
      },
      "participant.updated": ({ session_id, participant }) => {
        if (ofThisSession(session_id)) update((view) => withParticipant(view, participant));
      },
      "participant.left": ({ session_id, user_id, participant_count }) => {
        if (!ofThisSession(session_id)) return;
        update((view) => ({
          ...view,
          participants: view.participants.filter((p) => p.user_id !== user_id),
          session: { ...view.session, participant_count },
        }));
      },
      "recording.created": ({ recording }) => {
        update((view) =>
          view.recordings.some((r) => r.id === recording.id)
            ? view
            : { ...view, recordings: [recording, ...view.recordings] },
        );
      },
    },
    () => void refetch(),
  );

  return {
    load,
    retry: () => setAttempt((n) => n + 1),
    /** Opens the room again (after the session ended: the open one, or a new waiting one). */
    reopen: () => setAttempt((n) => n + 1),
    setSession: (session: RoomSession) => update((view) => ({ ...view, session })),
    setParticipant: (participant: RoomParticipant) => update((view) => withParticipant(view, participant)),
  };
}
