import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { authorName, type Mention, postsEndpoints } from "../../../../contract/posts";
import { endpointKey, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { Avatar } from "../../ui/Avatar";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { useChannel } from "./context";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";
import { messageAddress } from "./permalink";
import { RichText } from "./RichText";
import { text } from "./text";

/**
 * The Mentions view: the organization's messages that mention the viewer, newest first, from every
 * channel, kept fresh as new ones arrive. Choosing one opens its channel at the message.
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
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: endpointKey(postsEndpoints.mentions, input) });
  useTopic(`org:${organizationId}`, {
    "channel.activity": (event) => {
      if (me && event.mentioned_user_ids.includes(me)) refetch();
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
    <section className="tc-search-panel" aria-label={text.mentionsTitle}>
      <header className="tc-search-head">
        <p className="tc-search-summary" role="status">
          {mentions.isPending
            ? text.loadingMentions
            : mentions.isError
              ? mentions.error.message
              : mentions.data.mentions.length === 0
                ? text.noMentions
                : text.mentionsTitle}
        </p>
        <button type="button" className="tc-icon-button" aria-label={text.closeMentions} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {mentions.data && mentions.data.mentions.length > 0 && (
        <ul className="tc-search-results">
          {mentions.data.mentions.map((mention) => (
            <li key={mention.post.id}>
              <button type="button" className="tc-search-result" onClick={() => open(mention)}>
                <Avatar name={authorName(mention.post.author)} size={28} />
                <span className="tc-search-result-body">
                  <span className="tc-search-result-head">
                    <strong>{authorName(mention.post.author)}</strong>
                    <span>{text.inChannel(mention.channel_name)}</span>
                    <time dateTime={mention.post.created_at} title={fullTime(mention.post.created_at)}>
                      {shortTime(mention.post.created_at)}
                    </time>
                  </span>
                  <span className="tc-search-result-text">
                    <RichText value={mention.post.content} members={members} />
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
