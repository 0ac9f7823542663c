import { useEffect, useRef } from "react";
import type { ChatContact } from "../../../../contract/chat";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { timeOf } from "../posts/format";
import parts from "./ChatParts.module.css";
import styles from "./ContactList.module.css";
import { text } from "./text";
import type { Inbox } from "./useInbox";

const dayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

/** When the last message was sent, as a list shows it: the time today, else the day. */
function listTime(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? timeOf(iso) : dayFormat.format(date);
}

/** The dot over an avatar: green when online (real presence), grey otherwise; said in words too. */
export function PresenceDot({ online }: { online: boolean }) {
  return <span className={online ? cx(styles.dot, styles.dotOn) : styles.dot} aria-hidden="true" />;
}

export function ContactRow({
  contact,
  onSelect,
  focused,
}: {
  contact: ChatContact;
  onSelect(): void;
  /** Takes the focus from the panel as it first shows (the conversation left by Back was this contact's). */
  focused?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  // Once, as the row first shows, and only from the panel itself (where Back leaves it): a row shown
  // again later (the list read again, the contact back in it) takes the focus from no one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the row first shows
  useEffect(() => {
    const active = document.activeElement;
    if (focused && (!active || active === document.body || active === button.current?.closest("section")))
      button.current?.focus();
  }, []);
  const last = contact.last_message;
  // An organization's administrator; otherwise a voter, or an organization account that joined as a member.
  const role =
    contact.role === "admin"
      ? text.roleAdmin
      : contact.user_type === "voter"
        ? text.roleVoter
        : text.roleMember;
  return (
    <li>
      <button ref={button} type="button" className={styles.contact} onClick={onSelect}>
        <span className={parts.avatar}>
          <Avatar name={contact.full_name} size={40} />
          <PresenceDot online={contact.online} />
        </span>
        <span className={styles.contactText}>
          <span className={styles.contactTop}>
            <span className={styles.contactName}>{contact.full_name}</span>
            {!contact.shares_organization && <span className={styles.former}>{text.formerContact}</span>}
            {last && <span className={styles.contactTime}>{listTime(last.created_at)}</span>}
          </span>
          <span className={styles.contactBottom}>
            <span
              className={contact.unread_count > 0 ? cx(styles.preview, styles.previewUnread) : styles.preview}
            >
              {last ? `${last.from_me ? text.you : ""}${last.content}` : role}
            </span>
            {contact.unread_count > 0 && (
              <span className={styles.count} aria-hidden="true">
                {contact.unread_count > 99 ? "99+" : contact.unread_count}
              </span>
            )}
          </span>
          <span className="visually-hidden">
            {/* The role is said once: here when the preview shows a message, there otherwise. */}
            {last ? `, ${role}` : ""}, {contact.online ? text.online : text.offline}
            {contact.unread_count > 0 ? `, ${text.unreadFrom(contact.unread_count)}` : ""}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The panel's first view: who the user may write to, latest conversation first. */
export function ContactList({
  inbox,
  hasOrganization,
  onSelect,
  focusId,
}: {
  inbox: Inbox;
  hasOrganization: boolean;
  onSelect(contact: ChatContact): void;
  /** The contact whose row takes the focus as the list shows (back from their conversation). */
  focusId?: string | null;
}) {
  if (!hasOrganization) return <p className={parts.empty}>{text.noOrganization}</p>;
  return (
    <LoadState
      data={inbox.contacts}
      error={inbox.error}
      loadingLabel={text.loading}
      errorTitle={text.contactsFailed}
      retryLabel={text.retry}
      onRetry={() => void inbox.loadContacts()}
      isEmpty={(contacts) => contacts.length === 0}
      empty={<p className={parts.empty}>{text.noContacts}</p>}
    >
      {(contacts) => (
        <ul className={styles.contacts} aria-label={text.contacts}>
          {contacts.map((contact) => (
            <ContactRow
              key={contact.id}
              contact={contact}
              onSelect={() => onSelect(contact)}
              focused={contact.id === focusId}
            />
          ))}
        </ul>
      )}
    </LoadState>
  );
}
