/** The posts feature's endpoints, declared once; the schemas, types and messages they use are in `posts.ts`. */
import { endpoint, idParams, typedAnswer } from "./endpoint";
import type { ChannelSearch, Comment, Mention, Post, PostPage, Reaction, ReportsPage } from "./posts";
import {
  addCommentInput,
  commentInput,
  createPostInput,
  editPostInput,
  forwardInput,
  pageQuery,
  reactionEmojiParam,
  reportBody,
  reportsQuery,
  searchInput,
} from "./posts-input";
import { unreadEndpoints } from "./unread-endpoints";

const ok = typedAnswer<{ success: true }>();
const postList = typedAnswer<{ posts: Post[] }>();
const user = "user" as const;
const onPost = { access: user, params: idParams } as const;

/** The message a channel lists by kind (the channel's side panels). */
const collection = <const P extends string>(path: P) =>
  endpoint({ method: "GET", path, ...onPost, response: postList });

/**
 * Channel messages, their comments, reactions, pins, bookmarks, reports, read marks and typing.
 * (The attachment upload, POST /api/channels/:id/attachments, is multipart and registered by hand in
 * server/features/uploads/routes.ts.) Writes that create answer 201.
 */
export const postsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/channels/:id/posts",
    ...onPost,
    query: pageQuery,
    response: typedAnswer<PostPage>(),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/channels/:id/posts",
    ...onPost,
    body: createPostInput,
    response: typedAnswer<Post>(),
  }),
  get: endpoint({ method: "GET", path: "/api/posts/:id", ...onPost, response: typedAnswer<Post>() }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/posts/:id",
    ...onPost,
    body: editPostInput,
    response: typedAnswer<Post>(),
  }),
  remove: endpoint({ method: "DELETE", path: "/api/posts/:id", ...onPost, response: ok }),
  like: endpoint({
    method: "PUT",
    path: "/api/posts/:id/like",
    ...onPost,
    response: typedAnswer<{ likes_count: number; user_liked: boolean }>(),
  }),
  unlike: endpoint({
    method: "DELETE",
    path: "/api/posts/:id/like",
    ...onPost,
    response: typedAnswer<{ likes_count: number; user_liked: boolean }>(),
  }),
  react: endpoint({
    method: "PUT",
    path: "/api/posts/:id/reactions/:emoji",
    access: user,
    params: reactionEmojiParam,
    response: typedAnswer<{ reactions: Reaction[] }>(),
  }),
  unreact: endpoint({
    method: "DELETE",
    path: "/api/posts/:id/reactions/:emoji",
    access: user,
    params: reactionEmojiParam,
    response: typedAnswer<{ reactions: Reaction[] }>(),
  }),
  pin: endpoint({
    method: "PUT",
    path: "/api/posts/:id/pin",
    ...onPost,
    response: typedAnswer<{ is_pinned: boolean }>(),
  }),
  unpin: endpoint({
    method: "DELETE",
    path: "/api/posts/:id/pin",
    ...onPost,
    response: typedAnswer<{ is_pinned: boolean }>(),
  }),
  bookmark: endpoint({
    method: "PUT",
    path: "/api/posts/:id/bookmark",
    ...onPost,
    response: typedAnswer<{ is_bookmarked: boolean }>(),
  }),
  unbookmark: endpoint({
    method: "DELETE",
    path: "/api/posts/:id/bookmark",
    ...onPost,
    response: typedAnswer<{ is_bookmarked: boolean }>(),
  }),
  comments: endpoint({
    method: "GET",
    path: "/api/posts/:id/comments",
    ...onPost,
    response: typedAnswer<{ comments: Comment[] }>(),
  }),
  comment: endpoint({
    method: "POST",
    path: "/api/posts/:id/comments",
    ...onPost,
    body: addCommentInput,
    response: typedAnswer<{ comment: Comment; comments_count: number }>(),
  }),
  editComment: endpoint({
    method: "PATCH",
    path: "/api/comments/:id",
    ...onPost,
    body: commentInput,
    response: typedAnswer<{ comment: Comment }>(),
  }),
  removeComment: endpoint({
    method: "DELETE",
    path: "/api/comments/:id",
    ...onPost,
    response: typedAnswer<{ success: true; comments_count: number }>(),
  }),
  forward: endpoint({
    method: "POST",
    path: "/api/posts/:id/forward",
    ...onPost,
    body: forwardInput,
    response: typedAnswer<Post>(),
  }),
  report: endpoint({
    method: "POST",
    path: "/api/posts/:id/report",
    ...onPost,
    body: reportBody,
    response: typedAnswer<{ success: true; message: string }>(),
  }),
  reports: endpoint({
    method: "GET",
    path: "/api/organizations/:id/reports",
    ...onPost,
    query: reportsQuery,
    response: typedAnswer<ReportsPage>(),
  }),
  dismissReport: endpoint({ method: "POST", path: "/api/reports/:id/dismiss", ...onPost, response: ok }),
  removeReported: endpoint({ method: "POST", path: "/api/reports/:id/remove", ...onPost, response: ok }),
  pins: collection("/api/channels/:id/pins"),
  bookmarks: collection("/api/channels/:id/bookmarks"),
  media: collection("/api/channels/:id/media"),
  files: collection("/api/channels/:id/files"),
  search: endpoint({
    method: "GET",
    path: "/api/channels/:id/search",
    ...onPost,
    query: searchInput,
    response: typedAnswer<ChannelSearch>(),
  }),
  markRead: endpoint({ method: "POST", path: "/api/channels/:id/read", ...onPost, response: ok }),
  typing: endpoint({ method: "POST", path: "/api/channels/:id/typing", ...onPost, response: ok }),
  mentions: endpoint({
    method: "GET",
    path: "/api/organizations/:id/mentions",
    ...onPost,
    response: typedAnswer<{ mentions: Mention[] }>(),
  }),
  ...unreadEndpoints,
};
