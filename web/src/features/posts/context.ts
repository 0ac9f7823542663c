import { createContext, useContext } from "react";
import type { Channel } from "../../../../contract/channels";
import type { Member } from "../../../../contract/organizations";
import type { Attachment, Post } from "../../../../contract/posts";
import type { ChannelActions } from "./useChannelActions";
import type { TimelineView } from "./useTimeline";

export type Dialog =
  | { kind: "delete" | "forward" | "report"; post: Post }
  | { kind: "image"; attachment: Attachment };

/**
 * What every message row needs and what rarely changes: the channel, the viewer's rights, the
 * actions and the dialogs. The messages themselves travel in props and `ChannelStateContext`, so
 * a like on one message re-renders that row only.
 */
export interface TextChannelContext {
  channel: Channel;
  me: string | undefined;
  /** Administrators pin, see pin controls and delete any message. */
  admin: boolean;
  canPost: boolean;
  /** Comment and like: the server's rule (may post here, and members may react unless an administrator). */
  canComment: boolean;
  /** Why not, when `canComment` is false: the channel is locked for the viewer, or comments are off. */
  commentNote: string;
  members: Member[];
  actions: ChannelActions;
  /** The timeline's earlier page; Retry after a failed load. */
  loadOlder(): Promise<void>;
  retry(): void;
  forwardTargets: Channel[];
  open(dialog: Dialog): void;
  jumpTo(post: Post): void;
}

export const ChannelContext = createContext<TextChannelContext | null>(null);

export function useChannel(): TextChannelContext {
  const value = useContext(ChannelContext);
  if (!value) throw new Error("useChannel must be used within the text channel page");
  return value;
}

export interface ChannelStateValue {
  timeline: TimelineView;
  /**
   * The first message that was unread when the channel was opened (the divider goes above it);
   * null when there was none or the viewer has since written here; undefined until known.
   */
  unreadFrom: string | null | undefined;
}

export const ChannelStateContext = createContext<ChannelStateValue | null>(null);

/** The channel's timeline as it is now. */
export function useChannelState(): ChannelStateValue {
  const value = useContext(ChannelStateContext);
  if (!value) throw new Error("useChannelState must be used within the text channel page");
  return value;
}
