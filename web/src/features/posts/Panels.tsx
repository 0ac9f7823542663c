import { useEffect } from "react";
import type { Collection } from "../../../../contract/posts";
import { authorName, type Post, postMessages } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { AttachmentView, FileCard } from "./Attachment";
import { useChannel, useChannelState } from "./context";
import { dateOf, fullTime, shortTime } from "./format";
import { BookmarkIcon, FileIcon, ImageIcon, PinIcon } from "./icons";
import { RichText } from "./RichText";
import { text } from "./text";

function useList(kind: Collection, active: boolean): Post[] | null {
  const { actions } = useChannel();
  const { state } = useChannelState();
  const ids = state.lists[kind];
  const { loadList } = actions;
  // Loaded when the tab is first opened; kept live by the channel's events after that.
  useEffect(() => {
    if (active && ids === null) loadList(kind);
  }, [active, ids, kind, loadList]);
  if (!ids) return null;
  return ids.map((id) => state.byId[id]).filter((post): post is Post => !!post);
}

function Empty({ icon, title, body }: { icon: React.ReactNode; title: string; body?: string }) {
  return (
    <div className="tc-empty">
      <span className="tc-empty-icon" aria-hidden="true">
        {icon}
      </span>
      <p className="tc-empty-title">{title}</p>
      {body && <p className="tc-empty-body">{body}</p>}
    </div>
  );
}

const Loading = () => (
  <p className="tc-center-note" role="status">
    {text.loading}
  </p>
);

export function MembersTab() {
  const { members, online } = useWorkspace();
  const { user } = useAuth();
  const isOnline = (id: string) => online.has(id) || id === user?.id;
  const sorted = [...members].sort(
    (a, b) =>
      Number(b.role === "admin") - Number(a.role === "admin") ||
      Number(isOnline(b.user_id)) - Number(isOnline(a.user_id)) ||
      a.full_name.localeCompare(b.full_name),
  );
  return (
    <div className="tc-panel-inner">
      <h2 className="tc-panel-title">{text.membersTitle(members.length)}</h2>
      <ul className="tc-members">
        {sorted.map((member) => {
          const on = isOnline(member.user_id);
          return (
            <li key={member.user_id} className="tc-member">
              <span className="tc-member-avatar">
                <Avatar name={member.full_name} size={36} />
                <span className={on ? "tc-presence tc-presence-on" : "tc-presence"} aria-hidden="true" />
              </span>
              <span className="tc-member-text">
                <span className="tc-member-name">
                  {member.full_name}
                  {member.user_id === user?.id && <span className="tc-member-you"> ({text.you})</span>}
                </span>
                <span className="tc-member-meta">
                  <span className={member.role === "admin" ? "tc-role tc-role-admin" : "tc-role"}>
                    {member.role === "admin" ? text.admin : text.voter}
                  </span>
                  <span className={on ? "tc-online" : "tc-offline"}>{on ? text.online : text.offline}</span>
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function MediaTab({ active }: { active: boolean }) {
  const { open } = useChannel();
  const posts = useList("media", active);
  if (!posts) return <Loading />;
  if (posts.length === 0) return <Empty icon={<ImageIcon size={30} />} title={text.noMedia} />;
  return (
    <div className="tc-panel-inner">
      <h2 className="tc-panel-title">{text.tabs.media}</h2>
      <ul className="tc-media-grid">
        {posts.map((post) =>
          post.attachment ? (
            <li key={post.id}>
              <button
                type="button"
                className="tc-media-item"
                aria-label={text.openImage(post.attachment.filename)}
                title={`${authorName(post.author)} · ${dateOf(post.created_at)}`}
                onClick={() => post.attachment && open({ kind: "image", attachment: post.attachment })}
              >
                <img src={post.attachment.url} alt={post.attachment.filename} loading="lazy" />
              </button>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

export function FilesTab({ active }: { active: boolean }) {
  const posts = useList("files", active);
  if (!posts) return <Loading />;
  if (posts.length === 0) return <Empty icon={<FileIcon size={30} />} title={postMessages.noFiles} />;
  return (
    <div className="tc-panel-inner">
      <h2 className="tc-panel-title">{text.tabs.files}</h2>
      <ul className="tc-files">
        {posts.map((post) =>
          post.attachment ? (
            <li key={post.id}>
              <FileCard
                attachment={post.attachment}
                note={text.sharedBy(authorName(post.author), dateOf(post.created_at))}
              />
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

/** Pins (the channel's, set by administrators) or the viewer's bookmarks, newest first. */
export function CollectionTab({ kind, active }: { kind: "pins" | "bookmarks"; active: boolean }) {
  const { actions, admin, members, jumpTo } = useChannel();
  const posts = useList(kind, active);
  if (!posts) return <Loading />;
  if (posts.length === 0)
    return kind === "pins" ? (
      <Empty icon={<PinIcon size={30} />} title={text.noPins} body={text.noPinsBody} />
    ) : (
      <Empty icon={<BookmarkIcon size={30} />} title={text.noBookmarks} body={text.noBookmarksBody} />
    );
  return (
    <div className="tc-panel-inner">
      <h2 className="tc-panel-title">{kind === "pins" ? text.tabs.pins : text.tabs.bookmarks}</h2>
      <ul className="tc-cards">
        {posts.map((post) => (
          <li key={post.id} className="tc-card">
            <div className="tc-card-head">
              <Avatar name={authorName(post.author)} size={28} />
              <span className="tc-card-author">{authorName(post.author)}</span>
              <time dateTime={post.created_at} title={fullTime(post.created_at)}>
                {shortTime(post.created_at)}
              </time>
            </div>
            {post.content && (
              <p className="tc-card-text">
                <RichText value={post.content} members={members} />
              </p>
            )}
            {post.attachment && <AttachmentView attachment={post.attachment} />}
            <div className="tc-card-actions">
              <button type="button" className="tc-link-button" onClick={() => jumpTo(post)}>
                {text.jump}
              </button>
              {kind === "pins" && admin && (
                <button type="button" className="tc-link-button" onClick={() => actions.togglePin(post)}>
                  {text.unpin}
                </button>
              )}
              {kind === "bookmarks" && (
                <button type="button" className="tc-link-button" onClick={() => actions.toggleBookmark(post)}>
                  {text.unbookmark}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
