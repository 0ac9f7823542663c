import { type MouseEvent, useId, useState } from "react";
import { type Channel, type ChannelType, channelPath } from "../../../../contract/channels";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { ChannelTypeIcon, ChevronIcon, DotsIcon, LockIcon } from "../../ui/icons";
import { Tooltip } from "../../ui/Tooltip";
import { useUnreadCounts } from "../posts/useUnreadCounts";
import styles from "./ChannelGroup.module.css";
import { ElectionStarter } from "./ElectionStarter";
import { BellOffIcon, PlusIcon, StarIcon } from "./icons";
import { shellText as text } from "./shellText";
import type { Area } from "./WorkspaceContext";
import buttons from "./workspaceButtons.module.css";

/** Favourites first, then oldest first (the server's order, made explicit). */
function ordered(channels: Channel[]): Channel[] {
  return [...channels].sort(
    (a, b) =>
      Number(b.preferences.favorite) - Number(a.preferences.favorite) ||
      a.created_at.localeCompare(b.created_at) ||
      a.name.localeCompare(b.name),
  );
}

interface ChannelRowProps {
  channel: Channel;
  area: Area;
  active: boolean;
  menuOpen: boolean;
  onNavigate(): void;
  onMenu(channel: Channel, at: { x: number; y: number }): void;
  /** Unread messages (the server counts them; muted channels have none). */
  unread: number;
}

function ChannelRow({ channel, area, active, menuOpen, onNavigate, onMenu, unread }: ChannelRowProps) {
  const { muted, favorite, hidden } = channel.preferences;
  const manageable = area === "organization" && channel.can.manage;
  const classes = cx(
    styles.channel,
    active && styles.channelActive,
    muted && styles.channelMuted,
    hidden && styles.channelHidden,
  );
  const onContextMenu = (event: MouseEvent) => {
    if (!manageable) return;
    event.preventDefault();
    // The keyboard's menu key (or Shift+F10) has no pointer position: open beside the row instead.
    if (event.clientX === 0 && event.clientY === 0) {
      const rect = event.currentTarget.getBoundingClientRect();
      onMenu(channel, { x: rect.right - 8, y: rect.top });
    } else onMenu(channel, { x: event.clientX, y: event.clientY });
  };
  return (
    <li className={classes} onContextMenu={onContextMenu}>
      <Link
        to={channelPath(area, channel)}
        className={styles.channelLink}
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      >
        <span className={styles.channelIcon}>
          {channel.is_private ? <LockIcon size={15} /> : <ChannelTypeIcon type={channel.type} size={15} />}
        </span>
        <span className={styles.channelName}>{channel.name}</span>
        {channel.is_private && <span className="visually-hidden">{` (${text.privateChannel})`}</span>}
        {favorite && (
          <span className={cx(styles.channelFlag, styles.channelStar)} title={text.favoriteChannel}>
            <StarIcon size={13} />
            <span className="visually-hidden">{` (${text.favoriteChannel})`}</span>
          </span>
        )}
        {unread > 0 && !active && (
          <span className={styles.channelUnread} title={`${unread} unread`}>
            {unread > 99 ? "99+" : unread}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
        {muted && (
          <span className={styles.channelFlag} title={text.mutedChannel}>
            <BellOffIcon size={13} />
            <span className="visually-hidden">{` (${text.mutedChannel})`}</span>
          </span>
        )}
      </Link>
      {manageable && (
        <button
          type="button"
          className={styles.channelMore}
          aria-label={text.channelOptions(channel.name)}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            onMenu(channel, { x: rect.right + 4, y: rect.top });
          }}
        >
          <DotsIcon size={16} />
        </button>
      )}
    </li>
  );
}

interface GroupProps {
  menuFor: string | null;
  type: ChannelType;
  label: string;
  channels: Channel[];
  area: Area;
  activeId: string | null;
  showEmptyLine: boolean;
  onNavigate(): void;
  onMenu(channel: Channel, at: { x: number; y: number }): void;
}

/** One type's channels: collapsible, with its + (create) link, hidden channels on request. */
export function ChannelGroup({
  menuFor,
  type,
  label,
  channels,
  area,
  activeId,
  showEmptyLine,
  onNavigate,
  onMenu,
}: GroupProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [showHidden, setShowHidden] = useState(false);
  const listId = useId();
  const hiddenCount = channels.filter((channel) => channel.preferences.hidden).length;
  // The open channel stays listed even when hidden, so the highlight never points at nothing.
  const { counts } = useUnreadCounts();
  const listed = ordered(
    showHidden ? channels : channels.filter((c) => !c.preferences.hidden || c.id === activeId),
  );
  return (
    <section aria-label={label}>
      <div className={styles.groupHead}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed((value) => !value)}
        >
          <ChevronIcon size={12} className={styles.groupChevron} />
          <span className={styles.groupLabel}>{label}</span>
          <span className={styles.groupCount}>{listed.length}</span>
        </button>
        <Tooltip text={text.createChannel} side="top">
          <Link
            to={`/${area}/create-channel?type=${type}`}
            className={cx(buttons.iconButton, styles.groupAdd)}
            aria-label={text.addChannel(label)}
          >
            <PlusIcon size={15} />
          </Link>
        </Tooltip>
      </div>
      <div id={listId} hidden={collapsed}>
        {listed.length > 0 ? (
          <ul className={styles.channelList}>
            {listed.map((channel) => (
              <ChannelRow
                key={channel.id}
                channel={channel}
                area={area}
                active={channel.id === activeId}
                menuOpen={channel.id === menuFor}
                onNavigate={onNavigate}
                onMenu={onMenu}
                unread={counts[channel.id] ?? 0}
              />
            ))}
          </ul>
        ) : type === "election" ? (
          <ElectionStarter canCreate={area === "organization"} onNavigate={onNavigate} />
        ) : (
          showEmptyLine && <p className={styles.groupEmpty}>{text.emptyGroup}</p>
        )}
        {hiddenCount > 0 && (
          <button type="button" className={styles.groupFoot} onClick={() => setShowHidden((value) => !value)}>
            {showHidden ? text.hideHidden : text.showHidden(hiddenCount)}
          </button>
        )}
      </div>
    </section>
  );
}
