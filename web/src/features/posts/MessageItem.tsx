import { memo, useCallback, useEffect, useId, useMemo, useState } from "react";
import { authorName, MESSAGE_MAX, mentionedNames, type Post, postMessages } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { copyText } from "../../ui/clipboard";
import { DotsIcon, LinkIcon } from "../../ui/icons";
import { Menu, type MenuItem } from "../../ui/Menu";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { AttachmentView } from "./Attachment";
import { useChannel } from "./context";
import { EditBox } from "./EditBox";
import { fullTime, timeOf } from "./format";
import {
  BookmarkIcon,
  CheckIcon,
  CommentIcon,
  CopyIcon,
  FlagIcon,
  ForwardIcon,
  HeartIcon,
  PencilIcon,
  PinIcon,
  ReplyIcon,
  TrashIcon,
} from "./icons";
import { permalink } from "./permalink";
import { ReactionChips, ReactionPicker } from "./Reactions";
import { RichText } from "./RichText";
import type { Thread as ThreadState } from "./store";
import { Thread } from "./Thread";
import { text } from "./text";

/** How long the copied confirmation shows (spec: 1500 ms in the message menu). */
const COPIED_MS = 1500;

interface MessageItemProps {
  post: Post;
  /** Its comments once opened. */
  thread: ThreadState | undefined;
  /** A follow-up of the same author: no avatar or name. */
  compact: boolean;
  highlighted: boolean;
}

/** One message: author, time, text, attachment, likes, comments, and its actions on hover or focus. */
export const MessageItem = memo(function MessageItem({
  post,
  thread,
  compact,
  highlighted,
}: MessageItemProps) {
  const { channel, me, admin, canComment, actions, forwardTargets, members, open } = useChannel();
  const toast = useToast();
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const [editing, setEditing] = useState(false);
  const [threadOpen, setThreadOpen] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const [copied, setCopied] = useState(false);
  const name = authorName(post.author);
  const mine = !!me && post.author?.id === me;
  // By the rule that notifies: the whole name, the longest of the members' names first.
  const mentionsMe = useMemo(() => {
    const myName = members.find((member) => member.user_id === me)?.full_name;
    if (mine || !myName || !post.content.includes("@")) return false;
    return mentionedNames(
      post.content,
      members.map((member) => member.full_name),
    ).includes(myName);
  }, [mine, me, members, post.content]);
  const headingId = useId();
  const closeMenu = useCallback(() => setMenuAt(null), []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const toggleThread = () => {
    if (!threadOpen) actions.openThread(post.id);
    setThreadOpen(!threadOpen);
  };
  const reply = () => {
    actions.openThread(post.id);
    setThreadOpen(true);
    setFocusKey((n) => n + 1);
  };
  const copy = async () => {
    try {
      await copyText(post.content || post.attachment?.filename || "");
      setCopied(true);
    } catch (failure) {
      toast(messageOf(failure), "error");
    }
  };

  const copyLink = async () => {
    try {
      await copyText(permalink(channel, post.id));
      toast(text.linkCopied);
    } catch (failure) {
      toast(messageOf(failure), "error");
    }
  };

  const items: MenuItem[] = [
    { id: "copy", label: text.copy, icon: <CopyIcon size={16} />, onSelect: () => void copy() },
    { id: "link", label: text.copyLink, icon: <LinkIcon size={16} />, onSelect: () => void copyLink() },
    ...(admin
      ? [
          {
            id: "pin",
            label: post.is_pinned ? text.unpin : text.pin,
            icon: <PinIcon size={16} />,
            onSelect: () => actions.togglePin(post),
          },
        ]
      : []),
    {
      id: "bookmark",
      label: post.is_bookmarked ? text.unbookmark : text.bookmark,
      icon: <BookmarkIcon size={16} />,
      onSelect: () => actions.toggleBookmark(post),
    },
    ...(forwardTargets.length > 0
      ? [
          {
            id: "forward",
            label: text.forward,
            icon: <ForwardIcon size={16} />,
            onSelect: () => open({ kind: "forward", post }),
          },
        ]
      : []),
    ...(!mine
      ? [
          {
            id: "report",
            label: text.report,
            icon: <FlagIcon size={16} />,
            onSelect: () => open({ kind: "report", post }),
          },
        ]
      : []),
    ...(mine
      ? [{ id: "edit", label: text.edit, icon: <PencilIcon size={16} />, onSelect: () => setEditing(true) }]
      : []),
    ...(mine || admin
      ? [
          {
            id: "delete",
            label: text.delete,
            icon: <TrashIcon size={16} />,
            danger: true,
            onSelect: () => open({ kind: "delete", post }),
          },
        ]
      : []),
  ];

  const classes = [
    "tc-msg",
    compact && "tc-msg-compact",
    highlighted && "tc-msg-highlight",
    mentionsMe && "tc-msg-mentioned",
    post.is_pinned && "tc-msg-pinned",
    menuAt && "tc-msg-active",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <article id={`tc-msg-${post.id}`} className={classes} data-post-id={post.id} aria-labelledby={headingId}>
      <div className="tc-msg-gutter">
        {compact ? (
          <time className="tc-msg-gutter-time" dateTime={post.created_at} title={fullTime(post.created_at)}>
            {timeOf(post.created_at)}
          </time>
        ) : (
          <Avatar name={name} size={38} />
        )}
      </div>
      <div className="tc-msg-body">
        <div id={headingId} className={compact ? "visually-hidden" : "tc-msg-head"}>
          <span className="tc-msg-author">{name}</span>
          {!compact && (
            <time className="tc-msg-time" dateTime={post.created_at} title={fullTime(post.created_at)}>
              {timeOf(post.created_at)}
            </time>
          )}
          {post.is_pinned && (
            <span className="tc-msg-pin-tag">
              <PinIcon size={12} filled /> {text.pinned}
            </span>
          )}
        </div>
        {compact && post.is_pinned && (
          <span className="tc-msg-pin-tag tc-msg-pin-tag-compact">
            <PinIcon size={12} filled /> {text.pinned}
          </span>
        )}
        {post.forwarded_from && (
          <p className="tc-msg-forwarded">
            <ForwardIcon size={14} /> {text.forwardedFrom(post.forwarded_from.channel_name)}
          </p>
        )}
        {editing ? (
          <EditBox
            initial={post.content}
            label={text.editLabel}
            maxLength={MESSAGE_MAX}
            emptyMessage={postMessages.empty}
            save={(content) => actions.edit(post.id, content)}
            onDone={() => setEditing(false)}
          />
        ) : (
          post.content && (
            <p className="tc-msg-text">
              <RichText value={post.content} members={members} />
              {post.edited_at && (
                <span className="tc-msg-edited" title={fullTime(post.edited_at)}>
                  {" "}
                  {text.edited}
                </span>
              )}
            </p>
          )
        )}
        {post.attachment && <AttachmentView attachment={post.attachment} />}
        {(post.likes_count > 0 || post.reactions.length > 0 || post.comments_count > 0) && (
          <div className="tc-msg-reactions">
            {post.likes_count > 0 && !canComment && (
              <span className="tc-chip" title={text.likes(post.likes_count)}>
                <HeartIcon size={14} filled={post.user_liked} />
                <span className="tc-like-count">{post.likes_count}</span>
                <span className="visually-hidden"> {text.likes(post.likes_count)}</span>
              </span>
            )}
            {post.likes_count > 0 && canComment && (
              <button
                type="button"
                className={post.user_liked ? "tc-chip tc-chip-on" : "tc-chip"}
                aria-pressed={post.user_liked}
                aria-label={`${text.likes(post.likes_count)}. ${post.user_liked ? text.unlike : text.like}`}
                onClick={() => actions.toggleLike(post)}
              >
                <HeartIcon size={14} filled={post.user_liked} />
                <span className="tc-like-count">{post.likes_count}</span>
              </button>
            )}
            <ReactionChips
              post={post}
              canReact={canComment}
              onToggle={(emoji) => actions.toggleReaction(post, emoji)}
            />
            {post.comments_count > 0 && (
              <button type="button" className="tc-chip" aria-expanded={threadOpen} onClick={toggleThread}>
                <CommentIcon size={14} />
                <span className="tc-comment-count">
                  {threadOpen ? text.hideComments : text.comments(post.comments_count)}
                </span>
              </button>
            )}
          </div>
        )}
        {copied && (
          <p className="tc-msg-copied" role="status">
            <CheckIcon size={14} /> {postMessages.copied}
          </p>
        )}
        {threadOpen && <Thread post={post} thread={thread} focusKey={focusKey} />}
      </div>
      <div className="tc-msg-actions" role="toolbar" aria-label={text.messageActions}>
        {/* Like and Comment only where the server takes them; the comments chip still opens a thread to read. */}
        {canComment && (
          <button
            type="button"
            className={post.user_liked ? "tc-action tc-action-on" : "tc-action"}
            aria-label={post.user_liked ? text.unlike : text.like}
            aria-pressed={post.user_liked}
            title={post.user_liked ? text.unlike : text.like}
            onClick={() => actions.toggleLike(post)}
          >
            <HeartIcon size={17} filled={post.user_liked} />
          </button>
        )}
        {canComment && <ReactionPicker onPick={(emoji) => actions.toggleReaction(post, emoji)} />}
        {canComment && (
          <button
            type="button"
            className="tc-action"
            aria-label={threadOpen ? text.hideComments : text.comment}
            aria-expanded={threadOpen}
            title={threadOpen ? text.hideComments : text.comment}
            onClick={toggleThread}
          >
            <CommentIcon size={17} />
          </button>
        )}
        {canComment && (
          <button
            type="button"
            className="tc-action"
            aria-label={text.reply}
            title={text.reply}
            onClick={reply}
          >
            <ReplyIcon size={17} />
          </button>
        )}
        <button
          type="button"
          className="tc-action"
          aria-label={text.more}
          aria-haspopup="menu"
          aria-expanded={!!menuAt}
          title={text.more}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            setMenuAt(menuAt ? null : { x: rect.right - 220, y: rect.bottom + 4 });
          }}
        >
          <DotsIcon size={17} />
        </button>
      </div>
      {menuAt && <Menu label={text.messageActions} at={menuAt} items={items} onClose={closeMenu} />}
    </article>
  );
});
