import { useEffect, useRef, useState } from "react";
import { type RoomParticipant, roomsEndpoints } from "../../../../contract/rooms";
import { call } from "../../api/client";
import { messageOf } from "../../ui/messageOf";
import { createMediaPath, type MediaPath, type MediaStats } from "./media/index";
import type { RoomSocket } from "./roomSocket";

declare global {
  interface Window {
    /** The room's media path, for browser tests to read inbound statistics. */
    __votespaceMedia?: {
      kind: MediaPath["kind"];
      stats(): Promise<MediaStats>;
      /** What this browser gives the path to send: `kind:label` of each track. */
      sending(): string[];
    };
  }
}

interface Options {
  sessionId: string;
  selfId: string;
  /** Media flows while the session is live and the viewer holds their seat. */
  active: boolean;
  /** Changes every time the seat is taken again (after a reconnect the peers start afresh). */
  seatGeneration: number;
  socket: RoomSocket | null;
  video: boolean;
  participants: RoomParticipant[];
  outgoing: MediaStream | null;
}

/**
 * The session's media for this browser: the path the server chose (mesh or Janus), what it
 * receives from each participant, and what the viewer sends.
 */
export function useRoomMedia({
  sessionId,
  selfId,
  active,
  seatGeneration,
  socket,
  video,
  participants,
  outgoing,
}: Options) {
  const [path, setPath] = useState<MediaPath | null>(null);
  const [remotes, setRemotes] = useState<ReadonlyMap<string, MediaStream>>(new Map());
  /** Bumped when a remote stream gains or loses a track, so its tiles re-render. */
  const [, setTrackVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sent = useRef(outgoing);
  sent.current = outgoing;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new seat (generation) or Retry (attempt) starts afresh
  useEffect(() => {
    if (!active || !socket) return;
    let cancelled = false;
    let created: MediaPath | null = null;
    setError(null);
    const refresh = () => call(roomsEndpoints.media, { params: { id: sessionId } });
    refresh()
      .then((join) => {
        if (cancelled) return;
        created = createMediaPath(join, {
          selfId,
          video,
          signals: socket,
          refresh,
          onError: (failure) => setError(messageOf(failure)),
        });
        created.onRemote((userId, stream) => {
          setRemotes((current) => {
            const next = new Map(current);
            if (stream) next.set(userId, stream);
            else next.delete(userId);
            return next;
          });
          setTrackVersion((n) => n + 1);
        });
        const path = created;
        window.__votespaceMedia = {
          kind: path.kind,
          stats: () => path.stats(),
          sending: () => sent.current?.getTracks().map((track) => `${track.kind}:${track.label}`) ?? [],
        };
        setPath(path);
      })
      .catch((failure) => !cancelled && setError(messageOf(failure)));
    return () => {
      cancelled = true;
      created?.close();
      if (created && window.__votespaceMedia) delete window.__votespaceMedia;
      setPath(null);
      setRemotes(new Map());
    };
  }, [active, socket, sessionId, selfId, video, seatGeneration, attempt]);

  useEffect(() => {
    path?.setParticipants?.(participants);
  }, [path, participants]);

  useEffect(() => {
    path?.setLocalStream(outgoing).catch((failure) => setError(messageOf(failure)));
  }, [path, outgoing]);

  return { path, remotes, error, retry: () => setAttempt((n) => n + 1) };
}
