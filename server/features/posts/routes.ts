import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  commentInput,
  createPostInput,
  editPostInput,
  forwardInput,
  type Post,
  pageQuery,
  postMessages,
  reactionEmojiParam,
  reportInput,
  searchInput,
} from "../../../contract/posts";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { notFound, parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { enforceLimits } from "../../lib/rate-limit";
import { twoFactorMissing } from "../channels/checks";
import { channelReader, postFor } from "./access";
import { channelCollection, searchChannel } from "./collections";
import { addComment, deleteComment, editComment, listComments } from "./comments";
import { setReaction } from "./emoji";
import { listMentions } from "./mentions";
import { loadPost } from "./queries";
import { setBookmark, setLike, setPin } from "./reactions";
import { markRead, unreadCounts } from "./reads";
import { decideReport, listReports, reportPost } from "./reports";
import { createPost, deletePost, editPost, forwardPost, listPosts } from "./service";

/** Events carry the message when it fits (NOTIFY's 8 kB); otherwise clients fetch it. */
const EVENT_POST_BYTES = 6000;

export function postRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus, clock } = ctx;
  const user = { config: { access: "user" as const } };

  /** The message as anyone sees it (no viewer's own like or bookmark), if small enough to travel. */
  const neutral = (post: Post): Post | null => {
    const shared = {
      ...post,
      user_liked: false,
      is_bookmarked: false,
      reactions: post.reactions.map((reaction) => ({ ...reaction, mine: false })),
    };
    return Buffer.byteLength(JSON.stringify(shared)) <= EVENT_POST_BYTES ? shared : null;
  };

  const announceNew = async (post: Post, mentioned: string[], byVoter: boolean) => {
    await bus.publish(`channel:${post.channel_id}`, "post.created", {
      channel_id: post.channel_id,
      post_id: post.id,
      post: neutral(post),
    });
    await bus.publish(`org:${post.organization_id}`, "channel.activity", {
      organization_id: post.organization_id,
      channel_id: post.channel_id,
      post_id: post.id,
      author_id: post.author?.id ?? null,
      author_is_voter: byVoter,
      mentioned_user_ids: mentioned,
    });
    for (const userId of mentioned) {
      await bus.publish(`user:${userId}`, "notification.created", {
        id: post.id,
        kind: "mention",
        channel_id: post.channel_id,
        post_id: post.id,
        actor_name: post.author?.full_name ?? postMessages.unknownUser,
        excerpt: post.content.slice(0, 140),
        created_at: post.created_at,
      });
    }
  };

  app.get("/api/channels/:id/posts", user, (request) => {
    const page = parse(pageQuery, request.query);
    return listPosts(db, currentUser(request), idParam(request.params), page);
  });

  const limitPosts = (request: FastifyRequest) =>
    enforceLimits(db, clock, [
      { key: `posts:user:${currentUser(request).id}`, limit: ctx.limits.postsPerUser },
    ]);

  app.post("/api/channels/:id/posts", user, async (request, reply) => {
    const input = parse(createPostInput, request.body);
    await limitPosts(request);
    const { post, mentioned, byVoter } = await createPost(
      db,
      clock,
      currentUser(request),
      idParam(request.params),
      input,
    );
    await announceNew(post, mentioned, byVoter);
    return reply.code(201).send(post);
  });

  app.get("/api/posts/:id", user, async (request) => {
    await postFor(db, currentUser(request), idParam(request.params));
    const post = await loadPost(db, currentUser(request).id, idParam(request.params));
    if (!post) throw notFound(postMessages.notFound);
    return post;
  });

  app.patch("/api/posts/:id", user, async (request) => {
    const input = parse(editPostInput, request.body);
    const post = await editPost(db, clock, currentUser(request), idParam(request.params), input);
    await bus.publish(`channel:${post.channel_id}`, "post.updated", {
      channel_id: post.channel_id,
      post_id: post.id,
      post: neutral(post),
    });
    return post;
  });

  app.delete("/api/posts/:id", user, async (request) => {
    const postId = idParam(request.params);
    const { channelId } = await deletePost(ctx, currentUser(request), postId);
    await bus.publish(`channel:${channelId}`, "post.deleted", { channel_id: channelId, post_id: postId });
    return { success: true };
  });

  const toggles = [
    ["like", "PUT", true],
    ["like", "DELETE", false],
  ] as const;
  for (const [, method, liked] of toggles) {
    app.route({
      method,
      url: "/api/posts/:id/like",
      config: { access: "user" },
      handler: async (request) => {
        noBody(request.body);
        const postId = idParam(request.params);
        const result = await setLike(db, currentUser(request), postId, liked);
        await bus.publish(`channel:${result.channelId}`, "post.liked", {
          channel_id: result.channelId,
          post_id: postId,
          likes_count: result.likesCount,
          user_id: currentUser(request).id,
          liked,
        });
        return { likes_count: result.likesCount, user_liked: liked };
      },
    });
  }

  for (const [method, reacted] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/api/posts/:id/reactions/:emoji",
      config: { access: "user" },
      handler: async (request) => {
        noBody(request.body);
        const { id: postId, emoji } = parse(reactionEmojiParam, request.params);
        const me = currentUser(request);
        const { channelId, reactions } = await setReaction(db, me, postId, emoji, reacted);
        const shared = reactions.map((reaction) => ({ ...reaction, mine: false }));
        await bus.publish(`channel:${channelId}`, "post.reacted", {
          channel_id: channelId,
          post_id: postId,
          user_id: me.id,
          emoji,
          reacted,
          reactions: Buffer.byteLength(JSON.stringify(shared)) <= EVENT_POST_BYTES ? shared : null,
        });
        return { reactions };
      },
    });
  }

  for (const [method, pinned] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/api/posts/:id/pin",
      config: { access: "user" },
      handler: async (request) => {
        noBody(request.body);
        const postId = idParam(request.params);
        const { channelId } = await setPin(db, currentUser(request), postId, pinned);
        await bus.publish(`channel:${channelId}`, "post.pinned", {
          channel_id: channelId,
          post_id: postId,
          pinned,
        });
        return { is_pinned: pinned };
      },
    });
    app.route({
      method,
      url: "/api/posts/:id/bookmark",
      config: { access: "user" },
      handler: async (request) => {
        noBody(request.body);
        await setBookmark(db, currentUser(request), idParam(request.params), pinned);
        return { is_bookmarked: pinned };
      },
    });
  }

  app.get("/api/posts/:id/comments", user, async (request) => ({
    comments: await listComments(db, currentUser(request), idParam(request.params)),
  }));

  app.post("/api/posts/:id/comments", user, async (request, reply) => {
    const input = parse(commentInput, request.body);
    await limitPosts(request);
    const postId = idParam(request.params);
    const result = await addComment(db, currentUser(request), postId, input);
    await bus.publish(`channel:${result.channelId}`, "comment.created", {
      channel_id: result.channelId,
      post_id: postId,
      comment: result.comment,
      comments_count: result.commentsCount,
    });
    return reply.code(201).send({ comment: result.comment, comments_count: result.commentsCount });
  });

  app.patch("/api/comments/:id", user, async (request) => {
    const input = parse(commentInput, request.body);
    const result = await editComment(db, clock, currentUser(request), idParam(request.params), input);
    await bus.publish(`channel:${result.channelId}`, "comment.updated", {
      channel_id: result.channelId,
      post_id: result.comment.post_id,
      comment: result.comment,
    });
    return { comment: result.comment };
  });

  app.delete("/api/comments/:id", user, async (request) => {
    const commentId = idParam(request.params);
    const result = await deleteComment(db, currentUser(request), commentId);
    await bus.publish(`channel:${result.channelId}`, "comment.deleted", {
      channel_id: result.channelId,
      post_id: result.postId,
      comment_id: commentId,
      comments_count: result.commentsCount,
    });
    return { success: true, comments_count: result.commentsCount };
  });

  app.post("/api/posts/:id/forward", user, async (request, reply) => {
    const { channel_id } = parse(forwardInput, request.body);
    const { post, mentioned, byVoter } = await forwardPost(
      db,
      clock,
      currentUser(request),
      idParam(request.params),
      channel_id,
    );
    await announceNew(post, mentioned, byVoter);
    return reply.code(201).send(post);
  });

  app.post("/api/posts/:id/report", user, async (request, reply) => {
    const { reason } = parse(reportInput, request.body === undefined ? {} : request.body);
    const { reportId, organizationId } = await reportPost(
      db,
      currentUser(request),
      idParam(request.params),
      reason,
    );
    await bus.publish(`org:${organizationId}`, "report.created", {
      organization_id: organizationId,
      report_id: reportId,
    });
    return reply.code(201).send({ success: true, message: postMessages.reported });
  });

  app.get("/api/organizations/:id/reports", user, async (request) => ({
    reports: await listReports(db, currentUser(request), idParam(request.params)),
  }));

  for (const [verb, remove] of [
    ["dismiss", false],
    ["remove", true],
  ] as const) {
    app.post(`/api/reports/:id/${verb}`, user, async (request) => {
      noBody(request.body);
      const { postId, channelId } = await decideReport(
        ctx,
        currentUser(request),
        idParam(request.params),
        remove,
      );
      if (remove && channelId) {
        await bus.publish(`channel:${channelId}`, "post.deleted", { channel_id: channelId, post_id: postId });
      }
      return { success: true };
    });
  }

  for (const kind of ["pins", "bookmarks", "media", "files"] as const) {
    app.get(`/api/channels/:id/${kind}`, user, async (request) => ({
      posts: await channelCollection(db, currentUser(request), idParam(request.params), kind),
    }));
  }

  app.get("/api/channels/:id/search", user, async (request) => {
    const { q } = parse(searchInput, request.query);
    return { posts: await searchChannel(db, currentUser(request), idParam(request.params), q) };
  });

  app.post("/api/channels/:id/read", user, async (request) => {
    noBody(request.body);
    await markRead(db, currentUser(request), idParam(request.params), clock.now());
    return { success: true };
  });

  app.post("/api/channels/:id/typing", user, async (request) => {
    noBody(request.body);
    const channelId = idParam(request.params);
    const me = currentUser(request);
    await enforceLimits(db, clock, [{ key: `typing:user:${me.id}`, limit: ctx.limits.typingPerUser }]);
    const { canPost, channel } = await channelReader(db, me, channelId);
    if (canPost && !twoFactorMissing(channel.securitySettings, me)) {
      await bus.publish(`channel:${channelId}`, "typing.started", {
        channel_id: channelId,
        user_id: me.id,
        full_name: me.fullName,
      });
    }
    return { success: true };
  });

  app.get("/api/organizations/:id/mentions", user, async (request) => ({
    mentions: await listMentions(db, currentUser(request), idParam(request.params)),
  }));

  app.get("/api/organizations/:id/unread", user, async (request) => ({
    unread: await unreadCounts(db, currentUser(request), idParam(request.params), clock.now()),
  }));
}
