import type { ReactNode } from "react";
import type { Channel, ChannelType } from "../../../../contract/channels";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { Link } from "../../router";
import { ChannelTypeIcon, HashIcon, UsersIcon } from "../../ui/icons";
import { Status } from "../../ui/Status";
import styles from "./ChannelFrame.module.css";
import { EmptyState, NoOrganization } from "./EmptyState";
import { shellText as text } from "./shellText";
import { useChannelFromQuery } from "./useChannelFromQuery";
import { useWorkspace } from "./WorkspaceContext";

/**
 * A channel page's frame: loads the channel from the address and shows "no organization",
 * "channel not found", a connection error with Retry, the loading line until it is ready, or the
 * other organization it belongs to.
 */
export function ChannelFrame({ children }: { children: (channel: Channel) => ReactNode }) {
  const { area, currentId, organizations } = useWorkspace();
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
      <PageLoading>
        {channelName && <span className={styles.pageLoadingName}># {channelName}</span>}
        {text.loading}
      </PageLoading>
    );
  }
  const owner =
    channel.organization_id !== currentId && organizations.find((o) => o.id === channel.organization_id);
  if (owner)
    return (
      <OtherOrganization
        organization={owner}
        icon={<ChannelTypeIcon type={channel.type} size={36} />}
        title={text.otherOrganization(owner.name)}
      >
        {text.otherOrganizationBody}
      </OtherOrganization>
    );
  return children(channel);
}

/**
 * A channel or an election of another of the viewer's organizations, opened by its address: never
 * shown under the name of the organization open; the viewer may switch to its own.
 */
export function OtherOrganization({
  organization,
  icon,
  title,
  children,
}: {
  organization: { id: string; name: string };
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const { switchTo } = useWorkspace();
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <button type="button" className="btn btn-primary" onClick={() => void switchTo(organization.id)}>
          {text.switchTo(organization.name)}
        </button>
      }
    >
      {children}
    </EmptyState>
  );
}

/** A channel page's loading state: what is loading (the channel's name) and the words. */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <Status as="div" className={styles.pageLoading}>
      {children}
    </Status>
  );
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
    <header className={styles.channelHeader} data-page-header="">
      <div className={styles.channelHeaderMain}>
        <span className={styles.channelHeaderIcon}>
          <ChannelTypeIcon type={type} size={22} />
        </span>
        <div className={styles.channelHeaderText}>
          <span className={styles.channelHeaderOrg}>{current?.name}</span>
          <h1 className={styles.channelHeaderName}>{name}</h1>
          <p className={styles.channelHeaderDesc}>{description}</p>
        </div>
      </div>
      {current && (
        <span className={styles.channelHeaderMembers}>
          <UsersIcon size={16} />
          {text.memberCount(current.member_count)}
        </span>
      )}
    </header>
  );
}
