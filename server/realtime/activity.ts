import type { ChannelActivity, EventMap, Topic } from "../../contract/events";
import type { BusMessage } from "./bus";
import type { Subscriber, TopicIndex } from "./topics";

/** An organization's sockets hear of new messages at most this often. */
export const ACTIVITY_EVERY_MS = 1000;

/** One channel's part of the batch being gathered. */
interface Gathering {
  activity: ChannelActivity;
  authors: Map<string | null, ChannelActivity["authors"][number]>;
  mentions: Map<string, ChannelActivity["mentions"][number]>;
}

/**
 * Unread counts without a bus message per post per organization: the hub of each process derives
 * `channel.activity` from the `post.created` it already receives (published once, on the channel),
 * gathers it per organization and sends one batch at most every ACTIVITY_EVERY_MS to the sockets of
 * this process subscribed to `org:{id}`. Those are members only: a subscription to an organization
 * is granted to its members (organizations/policy.ts `mayWatch`), and dropped when they leave (the
 * hub's re-check on `member.left`). Every member reads every channel of the organization (a private
 * channel is closed to posting, not to reading), so every member's socket hears of every channel.
 * The first message after a quiet second goes out at once (on the next timer turn); later ones wait
 * for the rest of the second, so a post costs one entry in a map, not one send per member.
 */
export class ActivityBatcher<S extends Subscriber = Subscriber> {
  private readonly gathering = new Map<string, Map<string, Gathering>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();

  constructor(
    private readonly index: TopicIndex<S>,
    private readonly everyMs = ACTIVITY_EVERY_MS,
    private readonly now = () => performance.now(),
  ) {}

  /** Takes note of a new message, or a deleted one (other events are not its business). */
  take(message: BusMessage): void {
    if (message.event === "post.deleted") {
      const deleted = message.payload as EventMap["post.deleted"];
      const channel = deleted.organization_id && this.gather(deleted.organization_id, deleted.channel_id);
      if (!channel) return;
      channel.activity.deleted = (channel.activity.deleted ?? 0) + 1;
      this.schedule(deleted.organization_id as string);
      return;
    }
    if (message.event !== "post.created") return;
    const post = message.payload as EventMap["post.created"];
    // Older processes during a rolling restart send no organization (nothing to derive), nor a time
    // (an empty one, which tabs leave to the server's count).
    const at = post.created_at ?? "";
    const channel = post.organization_id && this.gather(post.organization_id, post.channel_id);
    if (!channel) return;
    const { activity } = channel;
    if (activity.posts === 0) {
      activity.first_at = at;
      activity.last_at = at;
    } else {
      if (at < activity.first_at) activity.first_at = at;
      if (at > activity.last_at) activity.last_at = at;
    }
    activity.posts++;
    const author = channel.authors.get(post.author_id);
    if (author) author.posts++;
    else {
      const entry = { author_id: post.author_id, posts: 1, by_voter: post.author_is_voter };
      channel.authors.set(post.author_id, entry);
      channel.activity.authors.push(entry);
    }
    for (const userId of post.mentioned_user_ids) {
      const mention = channel.mentions.get(userId);
      if (mention) mention.posts++;
      else {
        const entry = { user_id: userId, posts: 1 };
        channel.mentions.set(userId, entry);
        channel.activity.mentions.push(entry);
      }
    }
    this.schedule(post.organization_id);
  }

  /** The channel's part of its organization's batch; null when no socket of this process hears the organization. */
  private gather(organizationId: string, channelId: string): Gathering | null {
    const topic: Topic = `org:${organizationId}`;
    if (this.index.count(topic) === 0) return null;
    let channels = this.gathering.get(organizationId);
    if (!channels) {
      channels = new Map();
      this.gathering.set(organizationId, channels);
    }
    let channel = channels.get(channelId);
    if (!channel) {
      channel = {
        activity: { channel_id: channelId, posts: 0, authors: [], mentions: [], first_at: "", last_at: "" },
        authors: new Map(),
        mentions: new Map(),
      };
      channels.set(channelId, channel);
    }
    return channel;
  }

  private schedule(organizationId: string): void {
    if (this.timers.has(organizationId)) return;
    const last = this.lastSent.get(organizationId);
    const wait = last === undefined ? 0 : Math.max(0, last + this.everyMs - this.now());
    const timer = setTimeout(() => this.flush(organizationId), wait);
    timer.unref();
    this.timers.set(organizationId, timer);
  }

  /** Sends the organization's batch to its members' sockets in this process: one frame for all. */
  private flush(organizationId: string): void {
    this.timers.delete(organizationId);
    const channels = this.gathering.get(organizationId);
    this.gathering.delete(organizationId);
    if (!channels || channels.size === 0) return;
    this.lastSent.set(organizationId, this.now());
    // Forget organizations quiet for a while, so the map holds only the active ones.
    if (this.lastSent.size > 1000) {
      const stale = this.now() - 10 * this.everyMs;
      for (const [id, at] of this.lastSent) if (at < stale) this.lastSent.delete(id);
    }
    const payload: EventMap["channel.activity"] = {
      organization_id: organizationId,
      channels: [...channels.values()].map((channel) => channel.activity),
    };
    this.index.send(`org:${organizationId}`, { event: "channel.activity", payload });
  }

  /** Sends what is gathered now (tests), or drops it at shutdown. */
  flushAll(): void {
    for (const [organizationId, timer] of this.timers) {
      clearTimeout(timer);
      this.flush(organizationId);
    }
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.gathering.clear();
  }
}
