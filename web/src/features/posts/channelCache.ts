import type { QueryClient } from "@tanstack/react-query";
import type { Comment, Post, PostPage, Reaction } from "../../../../contract/posts";
import { writeOrReadAgain } from "../../api/query";
import {
  asSeen,
  type CommentList,
  changedComment,
  changePost,
  type PostList,
  placeInList,
  placeInTimeline,
  withComment,
  withoutComment,
  withoutPost,
} from "./cache";
import { COLLECTIONS, commentsKey, listKey, timelineKey } from "./keys";
import { keepMine } from "./reactions";

/**
 * Writes into one channel's queries (its timeline, its tab lists, the threads of its messages):
 * every query holds its own copy of a message, so a change is written into each that holds it and
 * a like, an edit or a pin shows everywhere at once; a query still on its first load reads again
 * after it (`writeOrReadAgain`: a message sent as the channel opens).
 */
export function channelCache(queryClient: QueryClient, channelId: string) {
  const timeline = timelineKey(channelId);

  /** Every post-holding query of the channel changed the same way. */
  const everywhere = (change: (data: PostList, kind?: (typeof COLLECTIONS)[number]) => PostList) => {
    writeOrReadAgain<PostPage>(queryClient, timeline, (data) => change(data) as PostPage);
    for (const kind of COLLECTIONS)
      writeOrReadAgain<PostList>(queryClient, listKey(kind, channelId), (data) => change(data, kind));
  };

  /** The copy held (the timeline's, else a list's). */
  const known = (postId: string): Post | undefined => {
    const lists = [timeline, ...COLLECTIONS.map((kind) => listKey(kind, channelId))];
    for (const key of lists) {
      const post = queryClient.getQueryData<PostList>(key)?.posts.find((item) => item.id === postId);
      if (post) return post;
    }
    return undefined;
  };

  const patch = (postId: string, change: (post: Post) => Post) =>
    everywhere((data) => changePost(data, postId, change));

  const upsert = (post: Post, viewer: boolean) => {
    if (post.channel_id !== channelId) return;
    const seen = asSeen(known(post.id), post, viewer);
    everywhere((data, kind) =>
      kind ? placeInList(data, kind, seen) : placeInTimeline(data as PostPage, seen),
    );
  };

  return {
    timeline: () => queryClient.getQueryData<PostPage>(timeline),
    known,
    /** A message from the server: `viewer` says whether its like and bookmark state are this viewer's. */
    upsert,
    /** A held message changed in place (a like, a reaction, a comment count). */
    patch,
    /** A message's reactions as anyone sees them (an event), with `change` when it is the viewer's own from another tab. */
    react(postId: string, reactions: Reaction[], change?: { emoji: string; reacted: boolean }) {
      patch(postId, (post) => ({ ...post, reactions: keepMine(post.reactions, reactions, change) }));
    },
    /** A held message changed in what lists it belongs to (a pin, a bookmark): the lists follow. */
    relist(postId: string, change: (post: Post) => Post) {
      const post = known(postId);
      if (post) upsert(change(post), true);
    },
    remove(postId: string) {
      everywhere((data) => withoutPost(data, postId));
      queryClient.removeQueries({ queryKey: commentsKey(postId), exact: true });
    },
    comment(comment: Comment, count: number) {
      patch(comment.post_id, (post) => ({ ...post, comments_count: Math.max(count, post.comments_count) }));
      queryClient.setQueryData<CommentList>(
        commentsKey(comment.post_id),
        (data) => data && withComment(data, comment),
      );
    },
    commentChanged(comment: Comment) {
      queryClient.setQueryData<CommentList>(
        commentsKey(comment.post_id),
        (data) => data && changedComment(data, comment),
      );
    },
    commentRemoved(postId: string, commentId: string, count: number) {
      patch(postId, (post) => ({ ...post, comments_count: count }));
      queryClient.setQueryData<CommentList>(
        commentsKey(postId),
        (data) => data && withoutComment(data, commentId),
      );
    },
  };
}

export type ChannelCache = ReturnType<typeof channelCache>;
