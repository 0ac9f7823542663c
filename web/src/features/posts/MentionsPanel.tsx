import { useQueryClient } from "@tanstack/react-query";
import { authorName, type Mention } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { useNavigate } from "../../router";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { useChannel } from "./context";
import { messageAddress } from "./permalink";
import { ResultsPanel } from "./ResultsPanel";
import styles from "./ResultsPanel.module.css";
import { RichText } from "./RichText";
import { text } from "./text";

/**
 * The Mentions view: the organization's messages that mention the viewer, themselves or by a reply
 * in their thread (shown under the message), newest first, from every channel, kept fresh as new
 * ones arrive. Choosing one opens its channel at the message.
 */
export function MentionsPanel({ onClose }: { onClose(): void }) {
  const { channel, me, members, jumpTo } = useChannel();
  const { area } = useWorkspace();
  const navigate = useNavigate();
  const organizationId = channel.organization_id;
  const queryClient = useQueryClient();
  const input = { params: { id: organizationId } };
  // Read afresh each time the view opens; kept fresh while it is open.
  const mentions = useEndpointQuery(postsEndpoints.mentions, input, { refetchOnMount: "always" });
  const refetch = () => void readFromNow(queryClient, endpointKey(postsEndpoints.mentions, input));
  useTopic(`org:${organizationId}`, {
    "channel.activity": (event) => {
      // A new mention of me, or a message deleted (one listed here, maybe).
      const mine = (c: (typeof event.channels)[number]) => c.mentions.some((m) => m.user_id === me);
      if (me && event.channels.some((c) => c.deleted || mine(c))) refetch();
    },
  });
  // A mention by a reply or an edit, told to me alone (when my choices let it be told).
  useTopic(me ? `user:${me}` : null, {
    "notification.created": (notice) => {
      if (notice.kind === "mention") refetch();
    },
  });

  const open = ({ post, channel_name }: Mention) => {
    if (post.channel_id === channel.id) {
      jumpTo(post);
      onClose();
      return;
    }
    navigate(messageAddress(area, { id: post.channel_id, name: channel_name }, post.id));
  };

  return (
    <ResultsPanel
      label={text.mentionsTitle}
      summary={
        mentions.isPending
          ? text.loadingMentions
          : mentions.isError
            ? mentions.error.message
            : mentions.data.mentions.length === 0
              ? text.noMentions
              : text.mentionsTitle
      }
      closeLabel={text.closeMentions}
      onClose={onClose}
      items={mentions.data?.mentions ?? []}
      postOf={(mention) => mention.post}
      where={(mention) => text.inChannel(mention.channel_name)}
      body={({ post, reply }) => (
        <>
          <RichText value={post.content} members={members} />
          {reply && (
            <span className={styles.file}>
              {text.replyBy(authorName(reply.author))} <RichText value={reply.content} members={members} />
            </span>
          )}
        </>
      )}
      onOpen={open}
      takeFocus
    />
  );
}
