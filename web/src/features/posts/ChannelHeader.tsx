import { type FormEvent, useState } from "react";
import type { Channel } from "../../../../contract/channels";
import { HashIcon, LockIcon, UsersIcon } from "../../ui/icons";
import { SearchIcon } from "../search/icons";
import { text as workspaceText } from "../workspace/text";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./ChannelHeader.module.css";
import { text } from "./text";

/**
 * The channel's header: its organization, name and description, the member count, Mentions and the
 * search box. Where it is narrow (the message panel open beside it) it gives way in order: the
 * search box narrows, the member count goes (the Members tab has it), Mentions keeps its "@" only,
 * and the texts end in an ellipsis (ChannelHeader.module.css).
 */
export function ChannelHeader({
  channel,
  onSearch,
  onClose,
  onMentions,
}: {
  channel: Channel;
  onSearch(q: string): void;
  onClose(): void;
  onMentions(): void;
}) {
  const { current } = useWorkspace();
  const [q, setQ] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) onSearch(q.trim());
  };
  return (
    <header className={styles.header}>
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
          <span className={styles.headerMembers}>
            <UsersIcon size={16} />
            {workspaceText.memberCount(current.member_count)}
          </span>
        )}
        <button type="button" className={styles.headerMentions} onClick={onMentions}>
          <span aria-hidden="true">@</span>{" "}
          <span className={styles.mentionsLabel}>{text.mentionsButton}</span>
        </button>
        <form className={styles.search} onSubmit={submit}>
          <SearchIcon size={16} className={styles.searchIcon} />
          <input
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
              if (event.key === "Escape") {
                setQ("");
                onClose();
              }
            }}
          />
        </form>
      </div>
    </header>
  );
}
