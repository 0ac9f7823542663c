import { type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { accountsEndpoints } from "../../../../contract/accounts";
import { CHANNEL_GROUPS, type Channel, type ChannelType, channelPath } from "../../../../contract/channels";
import { call } from "../../api/client";
import { Avatar } from "../../ui/Avatar";
import { ChannelTypeIcon, ChevronIcon, DotsIcon, HashIcon, LockIcon } from "../../ui/icons";
import { Tooltip } from "../../ui/Tooltip";
import { useAuth } from "../accounts/AuthProvider";
import { writeCachedProfile } from "../accounts/storage";
import { useUnreadCounts } from "../posts/useUnreadCounts";
import { SearchBox } from "../search/SearchBox";
import { useChannelMenu } from "./ChannelMenu";
import { ElectionStarter } from "./ElectionStarter";
import { EmptyState, NoOrganization } from "./EmptyState";
import { BellOffIcon, CloseIcon, GearIcon, LogOutIcon, PlusIcon, StarIcon, UserIcon } from "./icons";
import { MonthCalendar } from "./MonthCalendar";
import { text } from "./text";
import { type Area, useWorkspace } from "./WorkspaceContext";

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
  const classes = [
    "ws-channel",
    active && "ws-channel-active",
    muted && "ws-channel-muted",
    hidden && "ws-channel-hidden",
  ]
    .filter(Boolean)
    .join(" ");
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
        className="ws-channel-link"
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      >
        <span className="ws-channel-icon">
          {channel.is_private ? <LockIcon size={15} /> : <ChannelTypeIcon type={channel.type} size={15} />}
        </span>
        <span className="ws-channel-name">{channel.name}</span>
        {channel.is_private && <span className="visually-hidden">{` (${text.privateChannel})`}</span>}
        {favorite && (
          <span className="ws-channel-flag ws-channel-star" title={text.favoriteChannel}>
            <StarIcon size={13} />
            <span className="visually-hidden">{` (${text.favoriteChannel})`}</span>
          </span>
        )}
        {unread > 0 && !active && (
          <span className="ws-channel-unread" title={`${unread} unread`}>
            {unread > 99 ? "99+" : unread}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
        {muted && (
          <span className="ws-channel-flag" title={text.mutedChannel}>
            <BellOffIcon size={13} />
            <span className="visually-hidden">{` (${text.mutedChannel})`}</span>
          </span>
        )}
      </Link>
      {manageable && (
        <button
          type="button"
          className="ws-channel-more"
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

function ChannelGroup({
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
    <section className="ws-group" aria-label={label}>
      <div className="ws-group-head">
        <button
          type="button"
          className="ws-group-toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed((value) => !value)}
        >
          <ChevronIcon size={12} className="ws-group-chevron" />
          <span className="ws-group-label">{label}</span>
          <span className="ws-group-count">{listed.length}</span>
        </button>
        <Tooltip text={text.createChannel} side="top">
          <Link
            to={`/${area}/create-channel?type=${type}`}
            className="ws-icon-button ws-group-add"
            aria-label={text.addChannel(label)}
          >
            <PlusIcon size={15} />
          </Link>
        </Tooltip>
      </div>
      <div id={listId} hidden={collapsed}>
        {listed.length > 0 ? (
          <ul className="ws-channel-list">
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
          showEmptyLine && <p className="ws-group-empty">{text.emptyGroup}</p>
        )}
        {hiddenCount > 0 && (
          <button type="button" className="ws-group-foot" onClick={() => setShowHidden((value) => !value)}>
            {showHidden ? text.hideHidden : text.showHidden(hiddenCount)}
          </button>
        )}
      </div>
    </section>
  );
}

function UserFooter({ area }: { area: Area }) {
  const { user, signOut } = useAuth();
  const { current } = useWorkspace();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const latestSignOut = useRef(signOut);
  latestSignOut.current = signOut;
  /** Set once the user chose to sign out and the area is being left. */
  const left = useRef(false);
  const mounted = useRef(true);

  // Sign-out returns to /: signed out while still inside the area, its guard would send the user
  // to /signin instead. So the area is left first and the signed-in state cleared once it is gone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (left.current) void latestSignOut.current().catch(() => undefined);
    };
  }, []);

  if (!user) return null;
  // The role in the organization on screen: an organization account that only joined this one is a voter here.
  const admin = current ? current.role === "admin" : user.user_type === "organization";
  const role = admin ? text.roleAdmin : text.roleVoter;
  return (
    <div className="ws-user">
      <Avatar name={user.full_name} size={34} />
      <div className="ws-user-text">
        <span className="ws-user-name">{user.full_name}</span>
        <span className="ws-user-role">{role}</span>
      </div>
      <div className="ws-user-actions">
        <Tooltip text={text.settings} side="top">
          <Link to={`/${area}/settings`} className="ws-icon-button" aria-label={text.settings}>
            <GearIcon size={17} />
          </Link>
        </Tooltip>
        <Tooltip text={text.voterProfile} side="top">
          <Link to="/voters" className="ws-icon-button" aria-label={text.voterProfile}>
            <UserIcon size={17} />
          </Link>
        </Tooltip>
        <Tooltip text={text.signOut} side="top">
          <button
            type="button"
            className="ws-icon-button"
            aria-label={text.signOut}
            disabled={leaving}
            onClick={async () => {
              setLeaving(true);
              // The server's session and the cached record end now; the in-memory user when the
              // area is gone (see above). A failed request still signs out locally.
              await call(accountsEndpoints.signOut).catch(() => undefined);
              writeCachedProfile(null);
              left.current = true;
              navigate("/", { replace: true });
              // Should the page not change, the signed-in state still ends.
              setTimeout(() => {
                if (mounted.current) void latestSignOut.current().catch(() => undefined);
              }, 3000);
            }}
          >
            <LogOutIcon size={17} />
          </button>
        </Tooltip>
      </div>
    </div>
  );
}

/** The channel sidebar: 'Dashboard', the calendar (organization area), the channel groups and the user. */
export function ChannelSidebar({ onNavigate, onClose }: { onNavigate(): void; onClose(): void }) {
  const { area, current, currentId, channels } = useWorkspace();
  const [searchParams] = useSearchParams();
  const activeId = searchParams.get("channelId");
  const menu = useChannelMenu();

  return (
    <aside className="ws-sidebar" aria-label="Channels">
      <header className="ws-sidebar-head">
        <div className="ws-sidebar-title">
          <h2>{text.dashboard}</h2>
          {current && <span className="ws-sidebar-org">{current.name}</span>}
        </div>
        <button
          type="button"
          className="ws-icon-button ws-sidebar-close"
          aria-label={text.closeSidebar}
          onClick={onClose}
        >
          <CloseIcon size={18} />
        </button>
      </header>
      {currentId && <SearchBox area={area} />}
      <div className="ws-sidebar-scroll">
        {area === "organization" && <MonthCalendar />}
        {!currentId ? (
          <NoOrganization area={area} compact />
        ) : (
          <>
            {channels.length === 0 && (
              <EmptyState compact icon={<HashIcon size={24} />} title={text.noChannels}>
                {text.noChannelsBody}
              </EmptyState>
            )}
            <nav className="ws-groups" aria-label="Channel groups">
              {CHANNEL_GROUPS.map((group) => (
                <ChannelGroup
                  key={group.type}
                  type={group.type}
                  label={group.label}
                  channels={channels.filter((channel) => channel.type === group.type)}
                  area={area}
                  activeId={activeId}
                  showEmptyLine={channels.length > 0}
                  onNavigate={onNavigate}
                  onMenu={menu.open}
                  menuFor={menu.openFor}
                />
              ))}
            </nav>
          </>
        )}
      </div>
      <UserFooter area={area} />
      {menu.element}
    </aside>
  );
}
