import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Channel } from "../../../../contract/channels";
import { cx } from "../../ui/cx";
import { CloseIcon, HashIcon, LockIcon, UsersIcon } from "../../ui/icons";
import { SearchIcon } from "../search/icons";
import { text as workspaceText } from "../workspace/text";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./ChannelHeader.module.css";
import { text } from "./text";

/**
 * The channel's header: its organization, name and description, the member count (it opens the
 * Members tab), Mentions and the search box. Where it is narrow (a phone, the chat panel open
 * beside it) it gives way in order, every control staying in reach: the search box narrows, the
 * member count and Mentions keep their icon and number, the search box becomes a button that opens
 * it over the header, and the texts end in an ellipsis (ChannelHeader.module.css).
 */
export function ChannelHeader({
  channel,
  onSearch,
  onClose,
  onMentions,
  mentionsOpen,
  onMembers,
}: {
  channel: Channel;
  onSearch(q: string): void;
  onClose(): void;
  onMentions(): void;
  /** Whether the Mentions panel is open (said by its button). */
  mentionsOpen: boolean;
  onMembers(): void;
}) {
  const { current } = useWorkspace();
  const [q, setQ] = useState("");
  // Where the search box is a button: opened over the header, and its field given the focus.
  const [searchOpen, setSearchOpen] = useState(false);
  const searchId = useId();
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Closed from inside (its × or Escape): the focus goes back to the button that opened it.
  const refocus = useRef(false);
  useEffect(() => {
    if (searchOpen) input.current?.focus();
    else if (refocus.current) toggle.current?.focus();
    refocus.current = false;
  }, [searchOpen]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) onSearch(q.trim());
  };
  const closeSearch = () => {
    setQ("");
    refocus.current = searchOpen;
    setSearchOpen(false);
    onClose();
  };
  return (
    <header className={styles.header} data-page-header="">
      <div className={styles.headerMain}>
        <span className={styles.headerIcon} aria-hidden="true">
          <HashIcon size={22} />
        </span>
        <div className={styles.headerText}>
          <span className={styles.headerOrg} title={current?.name}>
            {current?.name}
          </span>
          <h1 className={styles.headerName}>
            <span className={styles.headerNameText} title={channel.name}>
              {channel.name}
            </span>
            {channel.is_private && (
              <span className={styles.headerLock} title={workspaceText.privateChannel}>
                <LockIcon size={16} />
                <span className="visually-hidden">{` (${workspaceText.privateChannel})`}</span>
              </span>
            )}
          </h1>
          {/* Spec: the organization's description here; the channel's own is in the welcome banner. */}
          <p className={styles.headerDesc}>{current?.description || text.textChannel}</p>
        </div>
      </div>
      <div className={styles.headerSide}>
        {current && (
          <button
            type="button"
            className={styles.headerMembers}
            onClick={onMembers}
            title={workspaceText.memberCount(current.member_count)}
          >
            <UsersIcon size={16} />
            <span className={styles.membersNumber} aria-hidden="true">
              {current.member_count}
            </span>
            <span className={styles.membersLabel}>{workspaceText.memberCount(current.member_count)}</span>
          </button>
        )}
        <button
          type="button"
          className={styles.headerMentions}
          onClick={onMentions}
          aria-expanded={mentionsOpen}
          title={text.mentionsButton}
        >
          <span aria-hidden="true">@</span>{" "}
          <span className={styles.mentionsLabel}>{text.mentionsButton}</span>
        </button>
        <button
          ref={toggle}
          type="button"
          className={cx(styles.headerMentions, styles.searchToggle)}
          onClick={() => setSearchOpen(true)}
          aria-label={text.searchLabel}
          aria-expanded={searchOpen}
          aria-controls={searchId}
          title={text.searchLabel}
        >
          <SearchIcon size={16} />
        </button>
        <form id={searchId} className={cx(styles.search, searchOpen && styles.searchOpen)} onSubmit={submit}>
          <SearchIcon size={16} className={styles.searchIcon} />
          <input
            ref={input}
            type="search"
            className={styles.searchInput}
            aria-label={text.searchLabel}
            placeholder={text.searchPlaceholder(channel.name)}
            maxLength={200}
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              if (!event.target.value) onClose();
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") closeSearch();
            }}
          />
          <button
            type="button"
            className={styles.searchClose}
            onClick={closeSearch}
            aria-label={text.closeSearch}
          >
            <CloseIcon size={16} />
          </button>
        </form>
      </div>
    </header>
  );
}
