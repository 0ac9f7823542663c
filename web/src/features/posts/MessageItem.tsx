import { memo, useCallback, useEffect, useId, useMemo, useState } from "react";
import { authorName, MESSAGE_MAX, mentionedNames, type Post, postMessages } from "../../../../contract/posts";
import { editPostInput } from "../../../../contract/posts-input";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { DotsIcon } from "../../ui/icons";
import { Menu } from "../../ui/Menu";
import { Status } from "../../ui/Status";
import { Toolbar } from "../../ui/Toolbar";
import { AttachmentView } from "./Attachment";
import parts from "./ChannelParts.module.css";
import { useChannel } from "./context";
import { EditBox } from "./EditBox";
import { fullTime, timeOf } from "./format";
import { CheckIcon, CommentIcon, ForwardIcon, HeartIcon, PinIcon, ReplyIcon } from "./icons";
import styles from "./MessageItem.module.css";
import { MessageReactions } from "./MessageReactions";
import { useMessageMenu } from "./messageMenu";
import { ReactionPicker } from "./Reactions";
import { RichText } from "./RichText";
import { Thread } from "./Thread";
import { text } from "./text";

/** How long the copied confirmation shows (spec: 1500 ms in the message menu). */
const COPIED_MS = 1500;

interface MessageItemProps {
  post: Post;
  /** A follow-up of the same author: no avatar or name. */
  compact: boolean;
  highlighted: boolean;
}

/** One message: author, time, text, attachment, likes, comments, and its actions on hover or focus. */
export const MessageItem = memo(function MessageItem({ post, compact, highlighted }: MessageItemProps) {
  const { me, canComment, actions, members } = useChannel();
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

  const toggleThread = () => setThreadOpen(!threadOpen);
  const reply = () => {
    setThreadOpen(true);
    setFocusKey((n) => n + 1);
  };
  const items = useMessageMenu(post, {
    mine,
    onCopied: () => setCopied(true),
    onEdit: () => setEditing(true),
  });

  const classes = [
    styles.msg,
    compact && styles.msgCompact,
    highlighted && styles.msgHighlight,
    mentionsMe && styles.msgMentioned,
    post.is_pinned && styles.msgPinned,
    menuAt && styles.msgActive,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <article id={`tc-msg-${post.id}`} className={classes} data-post-id={post.id} aria-labelledby={headingId}>
      <div className={styles.msgGutter}>
        {compact ? (
          <time className={styles.msgGutterTime} dateTime={post.created_at} title={fullTime(post.created_at)}>
            {timeOf(post.created_at)}
          </time>
        ) : (
          <Avatar name={name} size={38} />
        )}
      </div>
      <div className={styles.msgBody}>
        <div id={headingId} className={compact ? "visually-hidden" : styles.msgHead}>
          <span className={styles.msgAuthor}>{name}</span>
          {!compact && (
            <time className={styles.msgTime} dateTime={post.created_at} title={fullTime(post.created_at)}>
              {timeOf(post.created_at)}
            </time>
          )}
          {post.is_pinned && (
            <span className={styles.msgPinTag}>
              <PinIcon size={12} filled /> {text.pinned}
            </span>
          )}
        </div>
        {compact && post.is_pinned && (
          <span className={cx(styles.msgPinTag, styles.msgPinTagCompact)}>
            <PinIcon size={12} filled /> {text.pinned}
          </span>
        )}
        {post.forwarded_from && (
          <p className={styles.msgForwarded}>
            <ForwardIcon size={14} /> {text.forwardedFrom(post.forwarded_from.channel_name)}
          </p>
        )}
        {editing ? (
          <EditBox
            initial={post.content}
            label={text.editLabel}
            maxLength={MESSAGE_MAX}
            schema={editPostInput}
            save={(content) => actions.edit(post.id, content)}
            onDone={() => setEditing(false)}
          />
        ) : (
          post.content && (
            <p className={styles.msgText}>
              <RichText value={post.content} members={members} />
              {post.edited_at && (
                <span className={parts.msgEdited} title={fullTime(post.edited_at)}>
                  {" "}
                  {text.edited}
                </span>
              )}
            </p>
          )
        )}
        {post.attachment && <AttachmentView attachment={post.attachment} />}
        <MessageReactions post={post} threadOpen={threadOpen} onToggleThread={toggleThread} />
        {copied && (
          <Status className={styles.msgCopied}>
            <CheckIcon size={14} /> {postMessages.copied}
          </Status>
        )}
        {threadOpen && <Thread post={post} focusKey={focusKey} />}
      </div>
      {/* While the message is edited its box is the only thing to act on: no toolbar over it. */}
      {!editing && (
        <Toolbar className={styles.msgActions} label={text.messageActions}>
          {/* Like and Comment only where the server takes them; the comments chip still opens a thread to read. */}
          {canComment && (
            <button
              type="button"
              className={post.user_liked ? cx(parts.action, styles.actionOn) : parts.action}
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
              className={parts.action}
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
              className={parts.action}
              aria-label={text.reply}
              title={text.reply}
              onClick={reply}
            >
              <ReplyIcon size={17} />
            </button>
          )}
          <button
            type="button"
            className={parts.action}
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
        </Toolbar>
      )}
      {menuAt && <Menu label={text.messageActions} at={menuAt} items={items} onClose={closeMenu} />}
    </article>
  );
});
