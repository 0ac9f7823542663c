import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { authorName, type Mention } from "../../../../contract/posts";
import { useTopic } from "../../api/useRealtime";
import { Avatar } from "../../ui/Avatar";
import { messageOf } from "../../ui/messageOf";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { postsApi } from "./api";
import { useChannel } from "./context";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";
import { messageAddress } from "./permalink";
import { RichText } from "./RichText";
import { text } from "./text";

type Load =
  | { state: "loading" }
  | { state: "ready"; mentions: Mention[] }
  | { state: "error"; message: string };

/**
 * The Mentions view: the organization's messages that mention the viewer, newest first, from every
 * channel, kept fresh as new ones arrive. Choosing one opens its channel at the message.
 */
export function MentionsPanel({ onClose }: { onClose(): void }) {
  const { channel, me, members, jumpTo } = useChannel();
  const { area } = useWorkspace();
  const navigate = useNavigate();
  const organizationId = channel.organization_id;
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const fetchMentions = useCallback(() => {
    postsApi
      .mentions(organizationId)
      .then(({ mentions }) => setLoad({ state: "ready", mentions }))
      .catch((failure) => setLoad({ state: "error", message: messageOf(failure) }));
  }, [organizationId]);

  useEffect(fetchMentions, [fetchMentions]);
  useTopic(`org:${organizationId}`, {
    "channel.activity": (event) => {
      if (me && event.mentioned_user_ids.includes(me)) fetchMentions();
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
          {load.state === "loading"
            ? text.loadingMentions
            : load.state === "error"
              ? load.message
              : load.mentions.length === 0
                ? text.noMentions
                : text.mentionsTitle}
        </p>
        <button type="button" className="tc-icon-button" aria-label={text.closeMentions} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {load.state === "ready" && load.mentions.length > 0 && (
        <ul className="tc-search-results">
          {load.mentions.map((mention) => (
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
