import type { ChatContact } from "../../../../contract/chat";
import { Avatar } from "../../ui/Avatar";
import { timeOf } from "../posts/format";
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
  return <span className={online ? "chat-dot chat-dot-on" : "chat-dot"} aria-hidden="true" />;
}

function ContactRow({ contact, onSelect }: { contact: ChatContact; onSelect(): void }) {
  const last = contact.last_message;
  const role = contact.role === "admin" ? text.roleAdmin : text.roleVoter;
  return (
    <li>
      <button type="button" className="chat-contact" onClick={onSelect}>
        <span className="chat-avatar">
          <Avatar name={contact.full_name} size={40} />
          <PresenceDot online={contact.online} />
        </span>
        <span className="chat-contact-text">
          <span className="chat-contact-top">
            <span className="chat-contact-name">{contact.full_name}</span>
            {last && <span className="chat-contact-time">{listTime(last.created_at)}</span>}
          </span>
          <span className="chat-contact-bottom">
            <span className={contact.unread_count > 0 ? "chat-preview chat-preview-unread" : "chat-preview"}>
              {last ? `${last.from_me ? text.you : ""}${last.content}` : role}
            </span>
            {contact.unread_count > 0 && (
              <span className="chat-count" aria-hidden="true">
                {contact.unread_count > 99 ? "99+" : contact.unread_count}
              </span>
            )}
          </span>
          <span className="visually-hidden">
            , {role}, {contact.online ? text.online : text.offline}
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
}: {
  inbox: Inbox;
  hasOrganization: boolean;
  onSelect(contact: ChatContact): void;
}) {
  if (!hasOrganization) return <p className="chat-empty">{text.noOrganization}</p>;
  if (inbox.status === "error") {
    return (
      <div className="chat-problem" role="alert">
        <p>
          <strong>{text.contactsFailed}</strong>
          <br />
          {inbox.error}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void inbox.loadContacts()}>
          {text.retry}
        </button>
      </div>
    );
  }
  if (inbox.status !== "ready") {
    return (
      <p className="chat-empty" role="status">
        {text.loading}
      </p>
    );
  }
  if (inbox.contacts.length === 0) return <p className="chat-empty">{text.noContacts}</p>;
  return (
    <ul className="chat-contacts" aria-label={text.contacts}>
      {inbox.contacts.map((contact) => (
        <ContactRow key={contact.id} contact={contact} onSelect={() => onSelect(contact)} />
      ))}
    </ul>
  );
}
