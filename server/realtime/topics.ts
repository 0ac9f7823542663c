import type { ServerMessage, Topic } from "../../contract/events";
import type { BusMessage } from "./bus";

const NONE: ReadonlySet<never> = new Set();

/** What the index delivers to: one socket connection. */
export interface Subscriber {
  /** Sends a frame already serialized as a JSON text message. */
  sendFrame(frame: Buffer): void;
}

/**
 * Topic → the subscribers of this process. One published event is serialized once and the same
 * bytes go to every subscriber, so the cost of fan-out is the sends, not the JSON.
 */
export class TopicIndex<S extends Subscriber = Subscriber> {
  private readonly byTopic = new Map<Topic, Set<S>>();

  add(topic: Topic, subscriber: S): void {
    let subscribers = this.byTopic.get(topic);
    if (!subscribers) {
      subscribers = new Set();
      this.byTopic.set(topic, subscribers);
    }
    subscribers.add(subscriber);
  }

  remove(topic: Topic, subscriber: S): void {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) this.byTopic.delete(topic);
  }

  count(topic: Topic): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /** Sends the event to every subscriber of each of its topics; returns how many it reached. */
  deliver(message: BusMessage): number {
    let reached = this.send(message.topic, message);
    for (const topic of message.also ?? []) reached += this.send(topic, message);
    return reached;
  }

  /** Sends an event on a topic to its subscribers, serialized once; returns how many. */
  send(topic: Topic, message: Pick<BusMessage, "event" | "payload">): number {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers) return 0;
    const frame = { type: "event", topic, event: message.event, payload: message.payload } as ServerMessage;
    const bytes = Buffer.from(JSON.stringify(frame));
    // A subscriber may drop out while we iterate (a slow socket is cut off); a Set allows that.
    for (const subscriber of subscribers) subscriber.sendFrame(bytes);
    return subscribers.size;
  }

  /** The subscribers of a topic in this process (none: an empty set). */
  subscribers(topic: Topic): ReadonlySet<S> {
    return this.byTopic.get(topic) ?? NONE;
  }
}
