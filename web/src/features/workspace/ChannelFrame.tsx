import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Channel, ChannelType } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { ChannelTypeIcon, HashIcon, UsersIcon } from "../../ui/icons";
import { EmptyState, NoOrganization } from "./EmptyState";
import { text } from "./text";
import { useChannelFromQuery } from "./useChannelFromQuery";
import { useWorkspace } from "./WorkspaceContext";

/**
 * A channel page's frame: loads the channel from the address and shows "no organization",
 * "channel not found", a connection error with Retry or the loading line until it is ready.
 */
export function ChannelFrame({ children }: { children: (channel: Channel) => ReactNode }) {
  const { area, currentId } = useWorkspace();
  const { channelName, load, gone, channel, retry } = useChannelFromQuery();

  if (!currentId) return <NoOrganization area={area} />;

  if (load.state === "missing" || gone) {
    return (
      <EmptyState
        icon={<HashIcon size={36} />}
        title={messages.channelNotFound}
        action={
          <Link to={`/${area}`} className="btn btn-primary">
            {text.backToDashboard}
          </Link>
        }
      >
        {text.channelNotFoundBody}
      </EmptyState>
    );
  }
  if (load.state === "error") {
    return (
      <EmptyState
        title={messages.connectionError}
        action={
          <button type="button" className="btn btn-primary" onClick={retry}>
            {text.retry}
          </button>
        }
      >
        {load.message}
      </EmptyState>
    );
  }
  if (!channel) {
    return (
      <div className="ws-page-loading" role="status">
        {channelName && <span className="ws-page-loading-name"># {channelName}</span>}
        {text.loading}
      </div>
    );
  }
  return children(channel);
}

/** A channel page's header: type icon, organization, name (with its badges), description, members. */
export function ChannelHeader({
  type,
  name,
  description,
}: {
  type: ChannelType;
  /** The channel's name and what follows it in the heading (lock, muted, status). */
  name: ReactNode;
  description: ReactNode;
}) {
  const { current } = useWorkspace();
  return (
    <header className="ws-channel-header">
      <div className="ws-channel-header-main">
        <span className="ws-channel-header-icon">
          <ChannelTypeIcon type={type} size={22} />
        </span>
        <div className="ws-channel-header-text">
          <span className="ws-channel-header-org">{current?.name}</span>
          <h1 className="ws-channel-header-name">{name}</h1>
          <p className="ws-channel-header-desc">{description}</p>
        </div>
      </div>
      {current && (
        <span className="ws-channel-header-members">
          <UsersIcon size={16} />
          {text.memberCount(current.member_count)}
        </span>
      )}
    </header>
  );
}
