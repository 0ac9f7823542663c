import type { EventMap, Topic } from "../../contract/events";
import { type BusMessage, topicsOf } from "./bus";

/** How far back a topic's quiet is known: an older event is forgotten, its topic said quiet this long. */
export const QUIET_HORIZON_MS = 10 * 60_000;

/**
 * How long each topic has gone without an event, as this process saw the bus: every message's
 * topics, and a post's organization (whose sockets hear of it as `channel.activity`, activity.ts).
 * Every process sees every message, so an event published before a subscription took effect was
 * seen here first. A subscription's confirmation carries the topic's quiet (`quiet_ms`): a screen
 * whose read began within it missed nothing, and does not read again (web/src/api/query.ts
 * `readFromNow`). Nothing is known from before this process listened, or before a gap in the bus
 * (messages may have been lost): the quiet is counted from then at most. Presence is left out:
 * every socket's arrival announces it on its organizations' topics, which would make every first
 * subscription look busy; the screens that show who is online read it on every subscription.
 */
export class TopicQuiet {
  /** Topic → when last seen, oldest first (a topic seen again moves to the end). */
  private readonly lastSeen = new Map<Topic, number>();
  private knownFrom: number;

  constructor(private readonly now = () => performance.now()) {
    this.knownFrom = now();
  }

  note(message: BusMessage): void {
    if (message.event === "presence.updated") return;
    const at = this.now();
    for (const topic of topicsOf(message)) this.seen(topic, at);
    if (message.event === "post.created") {
      const { organization_id } = message.payload as EventMap["post.created"];
      if (organization_id) this.seen(`org:${organization_id}`, at);
    }
    for (const [topic, when] of this.lastSeen) {
      if (when >= at - QUIET_HORIZON_MS) break;
      this.lastSeen.delete(topic);
    }
  }

  /** Messages may have been lost (the bus's listener dropped): no topic is known quiet before now. */
  gap(): void {
    this.knownFrom = this.now();
  }

  /** Milliseconds since the topic's last event (at most since this process knows, and QUIET_HORIZON_MS). */
  quietFor(topic: Topic): number {
    const now = this.now();
    const last = Math.max(this.lastSeen.get(topic) ?? Number.NEGATIVE_INFINITY, this.knownFrom);
    return Math.floor(Math.min(now - last, QUIET_HORIZON_MS));
  }

  private seen(topic: Topic, at: number): void {
    this.lastSeen.delete(topic);
    this.lastSeen.set(topic, at);
  }
}
