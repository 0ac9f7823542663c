import { lazy, Suspense } from "react";
import { CHANNEL_GROUPS } from "../../../../contract/channels";
import { useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { HashIcon } from "../../ui/icons";
import { useChannelMenu } from "../channels/ChannelMenu";
import { SearchBox } from "../search/SearchBox";
import { ChannelGroup } from "./ChannelGroup";
import styles from "./ChannelSidebar.module.css";
import { EmptyState, NoOrganization } from "./EmptyState";
import { CloseIcon } from "./icons";
import { shellText as text } from "./shellText";
import { UserFooter } from "./UserFooter";
import { useWorkspace } from "./WorkspaceContext";
import buttons from "./workspaceButtons.module.css";

// Only the organization area shows the calendar: a member's pages do not load it.
const MonthCalendar = lazy(() => import("./MonthCalendar").then((m) => ({ default: m.MonthCalendar })));

/** The channel sidebar: 'Dashboard', the calendar (organization area), the channel groups and the user. */
export function ChannelSidebar({
  open,
  onNavigate,
  onClose,
}: {
  /** Drawn out as a drawer (narrow screens). */
  open: boolean;
  onNavigate(): void;
  onClose(): void;
}) {
  const { area, current, currentId, channels } = useWorkspace();
  const [searchParams] = useSearchParams();
  const activeId = searchParams.get("channelId");
  const menu = useChannelMenu();

  return (
    <aside className={cx(styles.sidebar, open && styles.open)} aria-label="Channels">
      <header className={styles.sidebarHead}>
        <div className={styles.sidebarTitle}>
          <h2>{text.dashboard}</h2>
          {current && <span className={styles.sidebarOrg}>{current.name}</span>}
        </div>
        <button
          type="button"
          className={cx(buttons.iconButton, styles.sidebarClose)}
          aria-label={text.closeSidebar}
          onClick={onClose}
        >
          <CloseIcon size={18} />
        </button>
      </header>
      {currentId && <SearchBox area={area} />}
      <div className={styles.sidebarScroll}>
        {area === "organization" && (
          <Suspense fallback={<div className={styles.calendarSlot} />}>
            <MonthCalendar />
          </Suspense>
        )}
        {!currentId ? (
          <NoOrganization area={area} compact />
        ) : (
          <>
            {channels.length === 0 && (
              <EmptyState compact icon={<HashIcon size={24} />} title={text.noChannels}>
                {text.noChannelsBody}
              </EmptyState>
            )}
            <nav className={styles.groups} aria-label="Channel groups">
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
