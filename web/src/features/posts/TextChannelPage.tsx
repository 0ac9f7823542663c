import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Channel } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { type Post, postMessages, postsEndpoints } from "../../../../contract/posts";
import { call } from "../../api/client";
import { HashIcon, LockIcon, UsersIcon } from "../../ui/icons";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { ChannelFrame } from "../workspace/ChannelFrame";
import { text as workspaceText } from "../workspace/text";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { Composer } from "./Composer";
import { ChannelContext, ChannelStateContext, type Dialog, type TextChannelContext } from "./context";
import { Dialogs } from "./Dialogs";
import { SearchIcon } from "./icons";
import { MentionsPanel } from "./MentionsPanel";
import { type JumpTarget, MessageList } from "./MessageList";
import { CollectionTab, FilesTab, MediaTab, MembersTab } from "./Panels";
import { MESSAGE_PARAM } from "./permalink";
import { SearchPanel } from "./SearchPanel";
import { text } from "./text";
import { useChannelMessages } from "./useChannelMessages";
import "./posts.css";

type Tab = "general" | "members" | "media" | "pins" | "bookmarks" | "files";
const TABS: Tab[] = ["general", "members", "media", "pins", "bookmarks", "files"];
/** Pages of 50 loaded at most while looking for a search result further back. */
const JUMP_PAGES = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Typing({ names }: { names: string[] }) {
  return (
    <p className="tc-typing" aria-live="polite">
      {names.length > 0 && (
        <>
          <span className="tc-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text.typing(names)}
        </>
      )}
    </p>
  );
}

function Header({
  channel,
  onSearch,
  onClose,
  onMentions,
}: {
  channel: Channel;
  onSearch(q: string): void;
  onClose(): void;
  onMentions(): void;
}) {
  const { current } = useWorkspace();
  const [q, setQ] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) onSearch(q.trim());
  };
  return (
    <header className="tc-header">
      <div className="tc-header-main">
        <span className="tc-header-icon" aria-hidden="true">
          <HashIcon size={22} />
        </span>
        <div className="tc-header-text">
          <span className="tc-header-org">{current?.name}</span>
          <h1 className="tc-header-name">
            {channel.name}
            {channel.is_private && (
              <span className="tc-header-lock" title={workspaceText.privateChannel}>
                <LockIcon size={16} />
                <span className="visually-hidden">{` (${workspaceText.privateChannel})`}</span>
              </span>
            )}
          </h1>
          {/* Spec: the organization's description here; the channel's own is in the welcome banner. */}
          <p className="tc-header-desc">{current?.description || text.textChannel}</p>
        </div>
      </div>
      <div className="tc-header-side">
        {current && (
          <span className="tc-header-members">
            <UsersIcon size={16} />
            {workspaceText.memberCount(current.member_count)}
          </span>
        )}
        <button type="button" className="tc-header-mentions" onClick={onMentions}>
          <span aria-hidden="true">@</span> {text.mentionsButton}
        </button>
        <form className="tc-search" onSubmit={submit}>
          <SearchIcon size={16} className="tc-search-icon" />
          <input
            type="search"
            className="tc-search-input"
            aria-label={text.searchLabel}
            placeholder={text.searchPlaceholder(channel.name)}
            maxLength={200}
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              if (!event.target.value) onClose();
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                setQ("");
                onClose();
              }
            }}
          />
        </form>
      </div>
    </header>
  );
}

function tabLabel(tab: Tab, channel: Channel): string {
  return tab === "general" ? `# ${channel.name}` : text.tabs[tab];
}

/** A loaded text channel: header, tabs and their panels, live. */
function TextChannel({ channel }: { channel: Channel }) {
  const { user } = useAuth();
  const { members, channels } = useWorkspace();
  const toast = useToast();
  const { state, loadingOlder, typers, actions } = useChannelMessages(channel, user?.id);
  const [tab, setTab] = useState<Tab>("general");
  const [visited, setVisited] = useState<Set<Tab>>(() => new Set(["general"]));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState<{ q: string; nonce: number } | null>(null);
  const [target, setTarget] = useState<JumpTarget | null>(null);
  const [mentionsOpen, setMentionsOpen] = useState(false);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const choose = useCallback((next: Tab) => {
    setTab(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set(seen).add(next)));
  }, []);

  const jumpTo = useCallback(
    async (post: Pick<Post, "id">) => {
      choose("general");
      setSearch(null);
      let pages = 0;
      while (
        !actions.current().timeline.includes(post.id) &&
        actions.current().hasMore &&
        pages++ < JUMP_PAGES
      ) {
        await actions.loadOlder();
      }
      if (actions.current().timeline.includes(post.id)) setTarget({ id: post.id, nonce: Date.now() });
      else toast(text.jumpFailed, "error");
    },
    [choose, actions, toast],
  );

  // A permalink (`?message=`): once the channel has loaded, scroll to that message and highlight it.
  // Read at mount: the frame then rewrites the address to the channel's own (without the message).
  const [params] = useSearchParams();
  const [linked, setLinked] = useState(() => params.get(MESSAGE_PARAM));
  const ready = state.status === "ready";
  useEffect(() => {
    if (!linked || !ready) return;
    setLinked(null);
    // Only a message id goes into the request's path.
    if (!UUID.test(linked)) {
      toast(postMessages.notFound, "error");
      return;
    }
    call(postsEndpoints.get, { params: { id: linked } })
      .then((post) => {
        if (post.channel_id !== channel.id) throw new Error(postMessages.notFound);
        return jumpTo(post);
      })
      .catch(() => toast(postMessages.notFound, "error"));
  }, [linked, ready, channel.id, jumpTo, toast]);

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeSearch = useCallback(() => setSearch(null), []);
  // The channel's two-factor switch: without two-factor sign-in one reads, and does not take part.
  const canPost = channel.can.post && !channel.can.two_factor_needed;
  const canComment = canPost && (channel.can.manage || channel.permissions.membersCanComment);
  const commentNote = channel.can.two_factor_needed
    ? messages.channelTwoFactorNeeded
    : channel.can.post
      ? postMessages.commentsOff
      : text.commentsLocked;
  const forwardTargets = useMemo(
    () => channels.filter((item) => item.type === "text" && item.can.post && item.id !== channel.id),
    [channels, channel.id],
  );

  const me = user?.id;
  const context = useMemo<TextChannelContext>(
    () => ({
      channel,
      me,
      admin: channel.can.manage,
      canPost,
      canComment,
      commentNote,
      members,
      actions,
      forwardTargets,
      open: setDialog,
      jumpTo: (post) => void jumpTo(post),
    }),
    [channel, me, canPost, canComment, commentNote, members, actions, forwardTargets, jumpTo],
  );
  const live = useMemo(() => ({ state, loadingOlder }), [state, loadingOlder]);

  const pins = state.lists.pins?.length ?? 0;
  const bookmarks = state.lists.bookmarks?.length ?? 0;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const edge = event.key === "Home" ? 0 : event.key === "End" ? TABS.length - 1 : null;
    if (!delta && edge === null) return;
    event.preventDefault();
    const next = TABS[edge ?? (index + delta + TABS.length) % TABS.length] as Tab;
    choose(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <ChannelContext.Provider value={context}>
      <ChannelStateContext.Provider value={live}>
        <div className="tc-page">
          <Header
            channel={channel}
            onSearch={(q) => {
              setMentionsOpen(false);
              setSearch({ q, nonce: Date.now() });
            }}
            onClose={closeSearch}
            onMentions={() => {
              setSearch(null);
              setMentionsOpen(true);
            }}
          />
          <div className="tc-tabs" role="tablist" aria-label={channel.name}>
            {TABS.map((item, index) => (
              <button
                key={item}
                ref={(element) => {
                  tabRefs.current[item] = element;
                }}
                type="button"
                role="tab"
                id={`tc-tab-${item}`}
                aria-selected={tab === item}
                aria-controls={visited.has(item) ? `tc-panel-${item}` : undefined}
                tabIndex={tab === item ? 0 : -1}
                className={tab === item ? "tc-tab tc-tab-active" : "tc-tab"}
                onClick={() => choose(item)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {tabLabel(item, channel)}
                {item === "pins" && pins > 0 && (
                  <span className="tc-badge tc-badge-pins">
                    {pins}
                    <span className="visually-hidden"> {text.pinCount(pins)}</span>
                  </span>
                )}
                {item === "bookmarks" && bookmarks > 0 && (
                  <span className="tc-badge tc-badge-bookmarks">
                    {bookmarks}
                    <span className="visually-hidden"> {text.bookmarkCount(bookmarks)}</span>
                  </span>
                )}
              </button>
            ))}
          </div>
          <div className="tc-body">
            <div
              id="tc-panel-general"
              role="tabpanel"
              aria-labelledby="tc-tab-general"
              className="tc-general"
              hidden={tab !== "general"}
            >
              <MessageList active={tab === "general"} target={target} />
              {canPost ? (
                <>
                  <Typing names={typers.map((typer) => typer.name)} />
                  <Composer />
                </>
              ) : channel.can.two_factor_needed && channel.can.post ? (
                <p className="tc-locked" role="note">
                  <LockIcon size={18} />
                  {messages.channelTwoFactorNeeded}
                </p>
              ) : (
                <p className="tc-locked" role="note">
                  <LockIcon size={18} />
                  {postMessages.locked}
                </p>
              )}
            </div>
            {TABS.filter((item) => item !== "general" && visited.has(item)).map((item) => (
              <div
                key={item}
                id={`tc-panel-${item}`}
                role="tabpanel"
                aria-labelledby={`tc-tab-${item}`}
                className="tc-panel"
                hidden={tab !== item}
              >
                {item === "members" && <MembersTab />}
                {item === "media" && <MediaTab active={tab === item} />}
                {item === "files" && <FilesTab active={tab === item} />}
                {(item === "pins" || item === "bookmarks") && (
                  <CollectionTab kind={item} active={tab === item} />
                )}
              </div>
            ))}
            {search && <SearchPanel key={search.nonce} query={search.q} onClose={closeSearch} />}
            {mentionsOpen && !search && <MentionsPanel onClose={() => setMentionsOpen(false)} />}
          </div>
          <Dialogs dialog={dialog} onClose={closeDialog} />
        </div>
      </ChannelStateContext.Provider>
    </ChannelContext.Provider>
  );
}

/**
 * The text channel page (`/organization/text`, `/member/text`, `?channelId=`): the channel's
 * messages, members, media, pins, bookmarks and files, live in every open browser.
 */
export default function TextChannelPage() {
  return <ChannelFrame>{(channel) => <TextChannel key={channel.id} channel={channel} />}</ChannelFrame>;
}
