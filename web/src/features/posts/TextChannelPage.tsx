import { useCallback, useMemo, useState } from "react";
import type { Channel } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { postMessages } from "../../../../contract/posts";
import { LockIcon } from "../../ui/icons";
import { useAuth } from "../accounts/AuthProvider";
import { ChannelFrame } from "../workspace/ChannelFrame";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { ChannelDialog } from "./ChannelDialog";
import { ChannelHeader } from "./ChannelHeader";
import { ChannelTabs, type Tab } from "./ChannelTabs";
import { CollectionTab } from "./CollectionTab";
import { Composer } from "./Composer";
import { ChannelContext, ChannelStateContext, type Dialog, type TextChannelContext } from "./context";
import { FilesTab } from "./FilesTab";
import { MediaTab } from "./MediaTab";
import { MembersTab } from "./MembersTab";
import { MentionsPanel } from "./MentionsPanel";
import { MessageList } from "./MessageList";
import { SearchPanel } from "./SearchPanel";
import styles from "./TextChannelPage.module.css";
import { Typing } from "./Typing";
import { text } from "./text";
import { useJump } from "./useJump";
import { useTextChannel } from "./useTextChannel";

/** A loaded text channel: header, tabs and their panels, live. */
function TextChannel({ channel }: { channel: Channel }) {
  const { user } = useAuth();
  const { members, channels, current } = useWorkspace();
  const { view, unreadFrom, typers, actions, loadOlder, reload, held } = useTextChannel(channel, user?.id);
  const [tab, setTab] = useState<Tab>("general");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState<{ q: string; nonce: number } | null>(null);
  const [mentionsOpen, setMentionsOpen] = useState(false);

  const onJump = useCallback(() => {
    setTab("general");
    setSearch(null);
  }, []);
  const { target, jumpTo } = useJump({
    channelId: channel.id,
    ready: view.status === "ready",
    held,
    loadOlder,
    onJump,
  });

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeSearch = useCallback(() => setSearch(null), []);
  // The channel's two-factor switch: without two-factor sign-in one reads, and does not take part.
  // A suspended organization's members read but do not post (heard live: the workspace's status).
  const suspended = current?.status === "suspended";
  const canPost = channel.can.post && !channel.can.two_factor_needed && !suspended;
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
      loadOlder,
      retry: () => reload(),
      forwardTargets,
      open: setDialog,
      jumpTo: (post) => void jumpTo(post),
    }),
    [
      channel,
      me,
      canPost,
      canComment,
      commentNote,
      members,
      actions,
      loadOlder,
      reload,
      forwardTargets,
      jumpTo,
    ],
  );
  const live = useMemo(() => ({ timeline: view, unreadFrom }), [view, unreadFrom]);

  return (
    <ChannelContext.Provider value={context}>
      <ChannelStateContext.Provider value={live}>
        {/* The shell leaves no room for the chat button under a text channel (Shell.module.css). */}
        <div className={styles.page} data-page="text-channel">
          <ChannelHeader
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
            mentionsOpen={mentionsOpen && !search}
            onMembers={() => setTab("members")}
          />
          <ChannelTabs
            channel={channel}
            active={tab}
            onChange={setTab}
            panel={(item) =>
              item === "general" ? (
                <>
                  <MessageList active={tab === "general"} target={target} />
                  {canPost ? (
                    <>
                      <Typing names={typers.map((typer) => typer.name)} />
                      <Composer />
                    </>
                  ) : (
                    <p className={styles.locked} role="note">
                      <LockIcon size={18} />
                      {suspended
                        ? messages.organizationSuspended
                        : channel.can.two_factor_needed && channel.can.post
                          ? messages.channelTwoFactorNeeded
                          : postMessages.locked}
                    </p>
                  )}
                </>
              ) : item === "members" ? (
                <MembersTab />
              ) : item === "media" ? (
                <MediaTab />
              ) : item === "files" ? (
                <FilesTab />
              ) : (
                <CollectionTab kind={item} />
              )
            }
          >
            {search && <SearchPanel key={search.nonce} query={search.q} onClose={closeSearch} />}
            {mentionsOpen && !search && <MentionsPanel onClose={() => setMentionsOpen(false)} />}
          </ChannelTabs>
          <ChannelDialog dialog={dialog} onClose={closeDialog} />
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
