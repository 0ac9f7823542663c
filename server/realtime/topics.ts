import type { ServerMessage, Topic } from "../../contract/events";
import type { BusMessage } from "./bus";

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

  /** Sends the event to every subscriber of its topic; returns how many it reached. */
  deliver(message: BusMessage): number {
    const subscribers = this.byTopic.get(message.topic);
    if (!subscribers) return 0;
    const frame: ServerMessage = {
      type: "event",
      topic: message.topic,
      event: message.event,
      payload: message.payload,
    } as ServerMessage;
    const bytes = Buffer.from(JSON.stringify(frame));
    // A subscriber may drop out while we iterate (a slow socket is cut off); a Set allows that.
    for (const subscriber of subscribers) subscriber.sendFrame(bytes);
    return subscribers.size;
  }
}
