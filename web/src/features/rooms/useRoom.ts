import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import {
  byStage,
  type RoomParticipant,
  type RoomSession,
  type RoomView,
  roomsEndpoints,
} from "../../../../contract/rooms";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { endpointKey, readFromNow } from "../../api/query";
import { useTopic } from "../../api/useRealtime";

function withParticipant(view: RoomView, participant: RoomParticipant): RoomView {
  const others = view.participants.filter((p) => p.user_id !== participant.user_id);
  const participants = participant.is_connected ? [...others, participant].sort(byStage) : others;
  const viewer =
    participant.user_id === view.viewer.user_id ? { ...view.viewer, role: participant.role } : view.viewer;
  return { ...view, participants, viewer };
}

/** Reads of a session in a row when events keep landing during each (the last one is shown). */
const READS_MAX = 4;

/**
 * A read of the room whose answer is newer than every change made to the view while it was on
 * its way. An event comes on the socket and an answer over HTTP: an answer may land after an event
 * its read did not see (a seat taken meanwhile), and shown, it would undo that event for good. Such
 * an answer is put aside and the session read again, a few times at most.
 */
export async function settledRead(
  changes: { current: number },
  first: () => Promise<RoomView>,
): Promise<RoomView> {
  let before = changes.current;
  let view = await first();
  for (let read = 1; changes.current !== before && read < READS_MAX; read += 1) {
    before = changes.current;
    view = await call(roomsEndpoints.get, { params: { id: view.session.id } });
  }
  return view;
}

/**
 * The room of a channel: its open session (opened, or created as waiting, when the screen
 * loads: a POST, read once per visit, so it is never refetched by itself and leaves the cache with
 * the screen), kept live from the channel's events, which write into the query; read again after
 * every (re)subscription, since events published while the socket was down are lost.
 */
export function useRoom(channelId: string | null) {
  const queryClient = useQueryClient();
  const input = { params: { id: channelId ?? "" } };
  const key = endpointKey(roomsEndpoints.open, input);
  // Events heard and changes made to the view so far (the user's own seat among them): a read
  // that lands after one of them may predate it. Counted even before the first answer is in.
  const changesRef = useRef(0);
  const query = useQuery<RoomView, Error>({
    queryKey: key,
    queryFn: () => settledRead(changesRef, () => call(roomsEndpoints.open, input)),
    enabled: channelId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const view = query.data ?? null;
  const sessionRef = useRef<string | null>(null);
  sessionRef.current = view?.session.id ?? null;
  const endedRef = useRef(false);
  endedRef.current = view?.session.status === "ended";
  // Someone opened a new session after the one on screen ended: said, not followed, since following
  // takes a seat (a host who ended a session is not put back on a stage without a word).
  const [newer, setNewer] = useState<string | null>(null);
  const keyRef = useRef(key);
  keyRef.current = key;

  const update = useCallback(
    (change: (view: RoomView) => RoomView) => {
      changesRef.current += 1;
      queryClient.setQueryData<RoomView>(keyRef.current, (current) => current && change(current));
    },
    [queryClient],
  );

  const refetch = useCallback(async () => {
    const id = sessionRef.current;
    if (!id) return;
    try {
      const fresh = await settledRead(changesRef, () => call(roomsEndpoints.get, { params: { id } }));
      if (sessionRef.current === id) update(() => fresh);
    } catch {
      // The next event or reconnect tries again; the last good state stays on screen.
    }
  }, [update]);

  const reload = () => void query.refetch();
  const ofThisSession = (id: string) => id === sessionRef.current;

  useTopic(
    channelId ? `channel:${channelId}` : null,
    {
      "room.updated": ({ session }) => {
        changesRef.current += 1;
        if (ofThisSession(session.id)) update((view) => ({ ...view, session }));
        else if (session.status !== "ended" && endedRef.current) setNewer(session.id);
      },
      "participant.joined": ({ session_id, participant, participant_count }) => {
        changesRef.current += 1;
        if (!ofThisSession(session_id)) return;
        update((view) => ({
          ...withParticipant(view, participant),
          session: { ...view.session, participant_count },
        }));
      },
      "participant.updated": ({ session_id, participant }) => {
        changesRef.current += 1;
        if (ofThisSession(session_id)) update((view) => withParticipant(view, participant));
      },
      "participant.left": ({ session_id, user_id, participant_count }) => {
        changesRef.current += 1;
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
    // Before the room's first answer, that answer (read before the subscription) is made again.
    (since) =>
      void (sessionRef.current
        ? refetch()
        : readFromNow(queryClient, keyRef.current, { exact: true, since })),
  );

  // A failed first load (or Retry) shows its error; while loading again, the loading state.
  const failure = view || query.isFetching ? null : query.error;
  return {
    view,
    failure,
    status: failure instanceof ApiError ? failure.status : null,
    retry: reload,
    /** Opens the room again (after the session ended: the open one, or a new waiting one). */
    reopen: reload,
    /** A session opened after the one on screen ended (its Open the room again joins it). */
    newerSession: view && newer !== view.session.id ? newer : null,
    setSession: (session: RoomSession) => update((view) => ({ ...view, session })),
    setParticipant: (participant: RoomParticipant) => update((view) => withParticipant(view, participant)),
  };
}
