import type { FastifyInstance } from "fastify";
import { type Post, postMessages } from "../../../contract/posts";
import { postsEndpoints as e } from "../../../contract/posts-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { notFound } from "../../http/errors";
import { inSenderOrder } from "../../http/sender-order";
import { keyedQueue } from "../../lib/keyed-queue";
import type { User } from "../accounts/sessions";
import { twoFactorMissing } from "../channels/checks";
import { adminsTopic } from "../monitoring/announce";
import { channelReader, postFor } from "./access";
import { channelCollection, searchChannel } from "./collections";
import { addComment, deleteComment, editComment, listComments } from "./comments";
import { setReaction } from "./emoji";
import { announceMentions, listMentions, messageNotice, replyNotice } from "./mentions";
import { loadPost } from "./queries";
import { setBookmark, setLike, setPin } from "./reactions";
import { markRead, unreadCounts } from "./reads";
import { announceClosedReports } from "./removal";
import { decideReport, listReports, reportPost } from "./reports";
import { createPost, deletePost, editPost, forwardPost, listPosts } from "./service";

/** Events carry the message when it fits (NOTIFY's 8 kB); otherwise clients fetch it. */
const EVENT_POST_BYTES = 6000;

export function postRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus, clock } = ctx;
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

  /**
   * One bus message per new message: `post.created` on its channel. Each process's socket hub
   * delivers it to the channel's sockets and derives from it the batched `channel.activity` of the
   * organization's members (realtime/activity.ts). Mentioned members also get their notice.
   */
  const announceNew = async (post: Post, mentioned: string[], byVoter: boolean) => {
    await bus.publish(`channel:${post.channel_id}`, "post.created", {
      channel_id: post.channel_id,
      post_id: post.id,
      post: neutral(post),
      organization_id: post.organization_id,
      author_id: post.author?.id ?? null,
      author_is_voter: byVoter,
      mentioned_user_ids: mentioned,
      created_at: post.created_at,
    });
    await announceMentions(db, bus, messageNotice(post), mentioned);
  };
  // Counted in memory, or leased from Redis: no row written and committed per message (lib/rate-limit.ts).
  const limiter = ctx.hitLimiter;
  // A channel's messages are written and announced one at a time, in the order they came (order.ts).
  const inTurn = keyedQueue();

  route(app, e.list, ({ auth, params, query }) => listPosts(db, auth.user, params.id, query));

  const limitPosts = (me: User) =>
    limiter.enforce([{ key: `posts:user:${me.id}`, limit: ctx.limits.postsPerUser }]);

  route(
    app,
    e.create,
    async ({ auth, params, body, request, reply }) => {
      await limitPosts(auth.user);
      const post = await inSenderOrder(request, () =>
        inTurn(params.id, async () => {
          const created = await createPost(db, clock, auth.user, params.id, body);
          if (!created.repeated) await announceNew(created.post, created.mentioned, created.byVoter);
          return created.post;
        }),
      );
      reply.code(201);
      return post;
    },
    { senderOrder: true },
  );

  route(app, e.get, async ({ auth, params }) => {
    await postFor(db, auth.user, params.id);
    const post = await loadPost(db, auth.user.id, params.id);
    if (!post) throw notFound(postMessages.notFound);
    return post;
  });

  route(app, e.edit, async ({ auth, params, body }) => {
    const { post, mentioned } = await editPost(db, clock, auth.user, params.id, body);
    await bus.publish(`channel:${post.channel_id}`, "post.updated", {
      channel_id: post.channel_id,
      post_id: post.id,
      post: neutral(post),
    });
    await announceMentions(db, bus, messageNotice(post), mentioned);
    return post;
  });

  route(app, e.remove, async ({ auth, params }) => {
    const postId = params.id;
    const { channelId, organizationId, closedReports } = await deletePost(ctx, auth.user, postId);
    await bus.publish(`channel:${channelId}`, "post.deleted", {
      channel_id: channelId,
      post_id: postId,
      organization_id: organizationId,
    });
    await announceClosedReports(bus, closedReports);
    return { success: true as const };
  });

  for (const [endpoint, liked] of [
    [e.like, true],
    [e.unlike, false],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      const postId = params.id;
      const result = await setLike(db, auth.user, postId, liked);
      await bus.publish(`channel:${result.channelId}`, "post.liked", {
        channel_id: result.channelId,
        post_id: postId,
        likes_count: result.likesCount,
        user_id: auth.user.id,
        liked,
      });
      return { likes_count: result.likesCount, user_liked: liked };
    });
  }

  for (const [endpoint, reacted] of [
    [e.react, true],
    [e.unreact, false],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      const { id: postId, emoji } = params;
      const me = auth.user;
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
    });
  }

  for (const [endpoint, pinned] of [
    [e.pin, true],
    [e.unpin, false],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      const postId = params.id;
      const { channelId } = await setPin(db, auth.user, postId, pinned);
      await bus.publish(`channel:${channelId}`, "post.pinned", {
        channel_id: channelId,
        post_id: postId,
        pinned,
      });
      return { is_pinned: pinned };
    });
  }

  for (const [endpoint, bookmarked] of [
    [e.bookmark, true],
    [e.unbookmark, false],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      await setBookmark(db, auth.user, params.id, bookmarked);
      return { is_bookmarked: bookmarked };
    });
  }

  route(app, e.comments, async ({ auth, params }) => ({
    comments: await listComments(db, auth.user, params.id),
  }));

  route(app, e.comment, async ({ auth, params, body, reply }) => {
    await limitPosts(auth.user);
    const postId = params.id;
    const result = await addComment(db, clock, auth.user, postId, body);
    // A comment sent again (its answer lost) was announced when first written.
    if (!result.repeated)
      await bus.publish(`channel:${result.channelId}`, "comment.created", {
        channel_id: result.channelId,
        post_id: postId,
        comment: result.comment,
        comments_count: result.commentsCount,
      });
    await announceMentions(
      db,
      bus,
      replyNotice(result.comment, result.channelId, auth.user),
      result.mentioned,
    );
    reply.code(201);
    return { comment: result.comment, comments_count: result.commentsCount };
  });

  route(app, e.editComment, async ({ auth, params, body }) => {
    const result = await editComment(db, clock, auth.user, params.id, body);
    await bus.publish(`channel:${result.channelId}`, "comment.updated", {
      channel_id: result.channelId,
      post_id: result.comment.post_id,
      comment: result.comment,
    });
    await announceMentions(
      db,
      bus,
      replyNotice(result.comment, result.channelId, auth.user),
      result.mentioned,
    );
    return { comment: result.comment };
  });

  route(app, e.removeComment, async ({ auth, params }) => {
    const commentId = params.id;
    const result = await deleteComment(db, auth.user, commentId);
    await bus.publish(`channel:${result.channelId}`, "comment.deleted", {
      channel_id: result.channelId,
      post_id: result.postId,
      comment_id: commentId,
      comments_count: result.commentsCount,
    });
    return { success: true as const, comments_count: result.commentsCount };
  });

  route(
    app,
    e.forward,
    async ({ auth, params, body, request, reply }) => {
      const post = await inSenderOrder(request, () =>
        inTurn(body.channel_id, async () => {
          const created = await forwardPost(db, clock, auth.user, params.id, body.channel_id);
          await announceNew(created.post, created.mentioned, created.byVoter);
          return created.post;
        }),
      );
      reply.code(201);
      return post;
    },
    { senderOrder: true },
  );

  route(app, e.report, async ({ auth, params, body, reply }) => {
    const { reportId, organizationId } = await reportPost(db, auth.user, params.id, body.reason);
    if (reportId)
      await bus.publish(adminsTopic(organizationId), "report.created", {
        organization_id: organizationId,
        report_id: reportId,
      });
    reply.code(201);
    return { success: true as const, message: postMessages.reported };
  });

  route(app, e.reports, async ({ auth, params, query }) =>
    listReports(db, auth.user, params.id, query.limit),
  );

  for (const [endpoint, remove] of [
    [e.dismissReport, false],
    [e.removeReported, true],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      const { postId, channelId, organizationId, closedReports } = await decideReport(
        ctx,
        auth.user,
        params.id,
        remove,
      );
      if (remove && channelId) {
        await bus.publish(`channel:${channelId}`, "post.deleted", {
          channel_id: channelId,
          post_id: postId,
          organization_id: organizationId,
        });
      }
      await announceClosedReports(bus, closedReports);
      return { success: true as const };
    });
  }

  for (const kind of ["pins", "bookmarks", "media", "files"] as const) {
    route(app, e[kind], async ({ auth, params }) => ({
      posts: await channelCollection(db, auth.user, params.id, kind),
    }));
  }

  route(app, e.search, ({ auth, params, query }) => searchChannel(db, auth.user, params.id, query.q));

  route(app, e.markRead, async ({ auth, params }) => {
    const now = clock.now();
    const { organizationId } = await markRead(db, auth.user, params.id, now);
    // The reader's other tabs clear the channel's badge too.
    await bus.publish(`user:${auth.user.id}`, "channel.read", {
      organization_id: organizationId,
      channel_id: params.id,
      read_at: now.toISOString(),
    });
    return { success: true as const };
  });

  route(app, e.typing, async ({ auth, params }) => {
    const channelId = params.id;
    const me = auth.user;
    await limiter.enforce([{ key: `typing:user:${me.id}`, limit: ctx.limits.typingPerUser }]);
    const { canPost, channel } = await channelReader(db, me, channelId);
    if (canPost && !twoFactorMissing(channel.securitySettings, me)) {
      await bus.publish(`channel:${channelId}`, "typing.started", {
        channel_id: channelId,
        user_id: me.id,
        full_name: me.fullName,
      });
    }
    return { success: true as const };
  });

  route(app, e.mentions, async ({ auth, params }) => ({
    mentions: await listMentions(db, auth.user, params.id),
  }));

  route(app, e.unread, async ({ auth, params }) => ({
    unread: await unreadCounts(db, auth.user, params.id, clock.now()),
  }));
}
