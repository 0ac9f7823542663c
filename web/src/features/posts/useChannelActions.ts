import { useEffect, useMemo, useRef } from "react";
import type { Post, ReactionEmoji } from "../../../../contract/posts";
import { postsEndpoints as e } from "../../../../contract/posts-endpoints";
import { useEndpointMutation } from "../../api/query";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import type { ChannelCache } from "./channelCache";

/** How often the composer tells others that the user is typing. */
const TYPING_EVERY_MS = 3000;

/** What can be done with the channel's messages; stable across renders. */
export interface ChannelActions {
  /** Sends a message under `id` (made by the composer: the same id sent again is the same message). */
  send(content: string, attachmentId?: string, id?: string): Promise<Post>;
  toggleLike(post: Post): void;
  /** Adds the viewer's reaction with this emoji, or takes it back when they have it. */
  toggleReaction(post: Post, emoji: string): void;
  togglePin(post: Post): void;
  toggleBookmark(post: Post): void;
  comment(postId: string, content: string, id?: string): Promise<void>;
  editComment(commentId: string, content: string): Promise<void>;
  removeComment(postId: string, commentId: string): Promise<void>;
  edit(postId: string, content: string): Promise<void>;
  remove(postId: string): Promise<void>;
  notifyTyping(): void;
}

/**
 * The channel's writes, each through its declared endpoint (`useEndpointMutation`); each answer is
 * written into the channel's queries. Likes, pins and bookmarks show at once and are taken back
 * when the server refuses them.
 */
export function useChannelActions(
  channelId: string,
  cache: ChannelCache,
  onSent: () => void,
): ChannelActions {
  const toast = useToast();
  const fail = (failure: unknown) => toast(messageOf(failure), "error");
  const create = useEndpointMutation(e.create).mutateAsync;
  const like = useEndpointMutation(e.like).mutateAsync;
  const unlike = useEndpointMutation(e.unlike).mutateAsync;
  const react = useEndpointMutation(e.react).mutateAsync;
  const unreact = useEndpointMutation(e.unreact).mutateAsync;
  const pin = useEndpointMutation(e.pin).mutateAsync;
  const unpin = useEndpointMutation(e.unpin).mutateAsync;
  const bookmark = useEndpointMutation(e.bookmark).mutateAsync;
  const unbookmark = useEndpointMutation(e.unbookmark).mutateAsync;
  const addComment = useEndpointMutation(e.comment).mutateAsync;
  const editComment = useEndpointMutation(e.editComment).mutateAsync;
  const removeComment = useEndpointMutation(e.removeComment).mutateAsync;
  const edit = useEndpointMutation(e.edit).mutateAsync;
  const remove = useEndpointMutation(e.remove).mutateAsync;
  const typing = useEndpointMutation(e.typing).mutate;
  const lastTypingSent = useRef(0);
  // The newest callbacks for the stable actions below (refs are written after render).
  const latest = useRef({ cache, onSent, fail });
  useEffect(() => {
    latest.current = { cache, onSent, fail };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mutation functions are stable; the rest is read through `latest`
  return useMemo<ChannelActions>(() => {
    const write = () => latest.current.cache;
    const refused = (failure: unknown) => latest.current.fail(failure);
    /** A pin or bookmark shows at once (and in its tab list), and is taken back when refused. */
    const flag = (
      post: Post,
      field: "is_pinned" | "is_bookmarked",
      on: (input: { params: { id: string } }) => Promise<unknown>,
      off: (input: { params: { id: string } }) => Promise<unknown>,
    ) => {
      const value = !post[field];
      write().relist(post.id, (held) => ({ ...held, [field]: value }));
      (value ? on : off)({ params: { id: post.id } }).catch((failure) => {
        write().relist(post.id, (held) => ({ ...held, [field]: !value }));
        refused(failure);
      });
    };
    return {
      async send(content, attachmentId, id) {
        const post = await create({
          params: { id: channelId },
          body: { content, ...(attachmentId ? { attachment_id: attachmentId } : {}), ...(id ? { id } : {}) },
        });
        write().upsert(post, true);
        lastTypingSent.current = 0;
        latest.current.onSent();
        return post;
      },
      toggleLike(post) {
        const liked = !post.user_liked;
        const before = post.likes_count;
        const set = (likes_count: number, user_liked: boolean) =>
          write().patch(post.id, (held) => ({ ...held, likes_count, user_liked }));
        set(Math.max(0, before + (liked ? 1 : -1)), liked);
        (liked ? like : unlike)({ params: { id: post.id } })
          .then((result) => set(result.likes_count, result.user_liked))
          .catch((failure) => {
            set(before, !liked);
            refused(failure);
          });
      },
      toggleReaction(post, emoji) {
        const reacted = !post.reactions.some((reaction) => reaction.emoji === emoji && reaction.mine);
        // The emoji is one of the offered ones (the picker shows no other); the server says so if not.
        (reacted ? react : unreact)({ params: { id: post.id, emoji: emoji as ReactionEmoji } })
          .then(({ reactions }) => write().patch(post.id, (held) => ({ ...held, reactions })))
          .catch(refused);
      },
      togglePin: (post) => flag(post, "is_pinned", pin, unpin),
      toggleBookmark: (post) => flag(post, "is_bookmarked", bookmark, unbookmark),
      async comment(postId, content, id) {
        const result = await addComment({ params: { id: postId }, body: { content, id } });
        write().comment(result.comment, result.comments_count);
      },
      async editComment(commentId, content) {
        const result = await editComment({ params: { id: commentId }, body: { content } });
        write().commentChanged(result.comment);
      },
      async removeComment(postId, commentId) {
        const result = await removeComment({ params: { id: commentId } });
        write().commentRemoved(postId, commentId, result.comments_count);
      },
      async edit(postId, content) {
        write().upsert(await edit({ params: { id: postId }, body: { content } }), true);
      },
      async remove(postId) {
        await remove({ params: { id: postId } });
        write().remove(postId);
      },
      notifyTyping() {
        const now = Date.now();
        if (now - lastTypingSent.current < TYPING_EVERY_MS) return;
        lastTypingSent.current = now;
        typing({ params: { id: channelId } });
      },
    };
  }, [channelId]);
}
