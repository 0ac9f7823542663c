import type { ReactNode } from "react";
import type { Channel } from "../../../../contract/channels";
import { cx } from "../../ui/cx";
import { type TabDef, Tabs } from "../../ui/Tabs";
import styles from "./ChannelTabs.module.css";
import { text } from "./text";
import { useList } from "./useList";

export type Tab = "general" | "members" | "media" | "pins" | "bookmarks" | "files";
export const TABS: Tab[] = ["general", "members", "media", "pins", "bookmarks", "files"];

/** A tab's label with its count badge (Pins, Bookmarks) when it has some. */
function label(name: string, count: number, tone: string, words: string): ReactNode {
  return (
    <>
      {name}
      {count > 0 && (
        <span className={cx(styles.badge, tone)}>
          {count}
          <span className="visually-hidden"> {words}</span>
        </span>
      )}
    </>
  );
}

/**
 * The channel's tabs (the kit's `Tabs` in the channel's own look): Pins and Bookmarks carry their
 * counts as badges, and every tab's panel stays mounted once shown (the General tab's scroll place,
 * draft and upload). `children` follow the panels in the body (the search and mentions panels).
 */
export function ChannelTabs({
  channel,
  active,
  onChange,
  panel,
  children,
}: {
  channel: Channel;
  active: Tab;
  onChange(tab: Tab): void;
  panel(tab: Tab): ReactNode;
  children?: ReactNode;
}) {
  const pins = useList("pins").data?.posts.length ?? 0;
  const bookmarks = useList("bookmarks").data?.posts.length ?? 0;
  const tabs: Array<TabDef<Tab>> = TABS.map((key) => ({
    key,
    label:
      key === "general"
        ? `# ${channel.name}`
        : key === "pins"
          ? label(text.tabs.pins, pins, styles.badgePins, text.pinCount(pins))
          : key === "bookmarks"
            ? label(text.tabs.bookmarks, bookmarks, styles.badgeBookmarks, text.bookmarkCount(bookmarks))
            : text.tabs[key],
  }));
  return (
    <Tabs<Tab>
      tabs={tabs}
      active={active}
      onChange={onChange}
      label={channel.name}
      look="custom"
      classes={{ list: styles.tabs, tab: styles.tab, active: styles.tabActive }}
      panel={panel}
      panelClass={(tab) => (tab === "general" ? styles.general : styles.panel)}
      panelsClass={styles.body}
    >
      {children}
    </Tabs>
  );
}
