import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import type { Channel } from "../../../../contract/channels";
import type { EventMap } from "../../../../contract/events";
import { postsEndpoints } from "../../../../contract/posts";
import { call } from "../../api/client";
import { realtime } from "../../api/socket";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";

type Counts = Readonly<Record<string, number>>;

interface Context {
  userId: string | null;
  channels: Channel[];
  /** The channel on screen: its messages are read as they come. */
  openChannelId: string | null;
}

const EMPTY: Counts = Object.freeze({});

/** What the counts depend on in the channel list: each channel's notification choice and mute. */
const preferencesKey = (channels: Channel[]) =>
  channels.map(({ id, preferences: p }) => `${id}:${p.notify}:${p.muted}:${p.muted_until ?? ""}`).join(",");

/**
 * Unread counts of the current organization, shared by every component that shows them (the
 * sidebar, the channel page): one fetch and one subscription however many hooks are mounted, so
 * an event is counted once and a channel cleared on its page is cleared in the sidebar too.
 */
class UnreadStore {
  private organizationId: string | null = null;
  private counts: Counts = EMPTY;
  private holders = 0;
  private stop: (() => void) | null = null;
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private context: Context = { userId: null, channels: [], openChannelId: null };

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.counts;

  setContext(context: Context): void {
    const before = preferencesKey(this.context.channels);
    this.context = context;
    // A notification choice or mute changed (here or in another tab): the server counts anew.
    const changed = before !== "" && preferencesKey(context.channels) !== before;
    if (this.organizationId && changed) void this.refetch();
    if (context.openChannelId && this.counts[context.openChannelId]) this.clear(context.openChannelId);
  }

  /** A hook instance wants the counts of `organizationId`; returns its release. */
  hold(organizationId: string): () => void {
    if (this.organizationId !== organizationId) this.switchTo(organizationId);
    this.holders++;
    return () => {
      this.holders--;
      if (this.holders === 0) {
        // Let a remounting sidebar take over without a new fetch; drop the subscription only when nobody returns.
        setTimeout(() => {
          if (this.holders === 0) this.switchTo(null);
        }, 1000);
      }
    };
  }

  clear(channelId: string): void {
    if (!this.counts[channelId]) return;
    const { [channelId]: _read, ...rest } = this.counts;
    this.set(rest);
  }

  private set(counts: Counts): void {
    this.counts = counts;
    for (const listener of this.listeners) listener();
  }

  private switchTo(organizationId: string | null): void {
    this.stop?.();
    this.stop = null;
    this.organizationId = organizationId;
    this.generation++;
    this.set(EMPTY);
    if (!organizationId) return;
    this.stop = realtime.subscribe(`org:${organizationId}`, {
      onEvent: (message) => {
        if (message.event === "channel.activity")
          this.activity(message.payload as EventMap["channel.activity"]);
      },
      // Events missed while the socket was down (and the first state): the server's count.
      onSubscribed: () => void this.refetch(),
    });
    void this.refetch();
  }

  private async refetch(): Promise<void> {
    const organizationId = this.organizationId;
    const generation = this.generation;
    if (!organizationId) return;
    try {
      const { unread } = await call(postsEndpoints.unread, { params: { id: organizationId } });
      if (generation !== this.generation) return;
      const open = this.context.openChannelId;
      const counts = { ...unread };
      if (open) delete counts[open];
      this.set(counts);
    } catch {
      // The badges keep their last numbers; the next event or reconnect tries again.
    }
  }

  /** Counted as the server counts: others' messages, not in a muted channel, per the notification choice. */
  private activity(event: EventMap["channel.activity"]): void {
    if (event.organization_id !== this.organizationId) return;
    const { userId, channels, openChannelId } = this.context;
    if (event.author_id && event.author_id === userId) return;
    if (event.channel_id === openChannelId && document.visibilityState === "visible") return;
    const channel = channels.find((item) => item.id === event.channel_id);
    if (!channel) return;
    const { muted, muted_until, notify } = channel.preferences;
    const stillMuted = muted && (!muted_until || new Date(muted_until).getTime() > Date.now());
    if (stillMuted || notify === "nothing") return;
    if (notify === "mentions" && !(userId && event.mentioned_user_ids.includes(userId))) return;
    if (notify === "voters" && !event.author_is_voter) return;
    this.set({ ...this.counts, [event.channel_id]: (this.counts[event.channel_id] ?? 0) + 1 });
  }
}

const store = new UnreadStore();

/** Clears a channel's badge (its page has marked it read). */
export const clearUnread = (channelId: string) => store.clear(channelId);

/**
 * Unread messages per channel of the current organization, live: `counts[channelId]` (absent when
 * none), and `clear(channelId)` once the user has read it. The channel open on screen counts none.
 */
export function useUnreadCounts(): { counts: Counts; clear(channelId: string): void } {
  const { currentId, channels } = useWorkspace();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const openChannelId = searchParams.get("channelId");
  const userId = user?.id ?? null;

  useEffect(() => {
    store.setContext({ userId, channels, openChannelId });
  }, [userId, channels, openChannelId]);

  useEffect(() => {
    if (!currentId) return;
    return store.hold(currentId);
  }, [currentId]);

  const counts = useSyncExternalStore(store.subscribe, store.snapshot);
  const clear = useCallback((channelId: string) => store.clear(channelId), []);
  return { counts, clear };
}
