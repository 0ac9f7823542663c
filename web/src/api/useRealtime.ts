import { useEffect, useRef, useSyncExternalStore } from "react";
import type { EventMap, EventName, Topic } from "../../../contract/events";
import type { Moment } from "./moment";
import { realtime } from "./socket";

/** Handlers by event name, each with that event's payload type. */
export type TopicHandlers = { [E in EventName]?: (payload: EventMap[E]) => void };

/**
 * Listens to a topic while the component is mounted (none when `topic` is null). `onSubscribed`
 * runs when the subscription is confirmed, also after a reconnect: read again there, from `since`
 * (readFromNow), what events may have been missed. Handlers may change on every render without
 * resubscribing.
 */
export function useTopic(
  topic: Topic | null | undefined,
  handlers: TopicHandlers,
  onSubscribed?: (since: Moment) => void,
): void {
  const latest = useRef({ handlers, onSubscribed });
  // The newest handlers, without resubscribing (refs are written after render, not during it).
  useEffect(() => {
    latest.current = { handlers, onSubscribed };
  });

  useEffect(() => {
    if (!topic) return;
    return realtime.subscribe(topic, {
      onEvent(message) {
        const handler = latest.current.handlers[message.event] as ((payload: unknown) => void) | undefined;
        handler?.(message.payload);
      },
      onSubscribed(since) {
        latest.current.onSubscribed?.(since);
      },
    });
  }, [topic]);
}

const subscribeConnection = (change: () => void) => realtime.onConnection(change);

/**
 * Whether live updates arrive: false while the realtime connection is lost and being tried again
 * (what the screen shows may be stale then: presence is not known, events are missed until the
 * catch-up). True while it is first connecting, and when no screen listens.
 */
export function useLive(): boolean {
  return useSyncExternalStore(subscribeConnection, () => realtime.connection !== "lost");
}

/**
 * Runs `callback` each time the realtime connection comes back after it was lost: the server is
 * reachable again (a notice that it could not be reached is out of date). The topics' catch-up is
 * `useTopic`'s `onSubscribed`.
 */
export function useReconnected(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () =>
      realtime.onConnection((now, before) => {
        if (now === "open" && before === "lost") latest.current();
      }),
    [],
  );
}
