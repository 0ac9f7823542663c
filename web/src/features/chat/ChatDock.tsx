import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ChatContact, DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { announce } from "../../ui/announce";
import { useAuth } from "../accounts/AuthProvider";
import { browserNoticeWanted, showBrowserNotice } from "../settings/browserNotifications";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./ChatDock.module.css";
import parts from "./ChatParts.module.css";
import { dockText as text } from "./dockText";
import { ChatIcon, CloseIcon } from "./icons";
import { onOpenConversation } from "./openConversation";
import { chime, useNotificationChoices } from "./sound";
import { useInbox } from "./useInbox";
import { usePageVisible } from "./usePageVisible";

// A conversation (and the form library its message box uses) loads when one is opened; the contact
// list when the panel opens: neither is part of a workspace page's first paint.
const ConversationView = lazy(() =>
  import("./ConversationView").then((m) => ({ default: m.ConversationView })),
);
const ContactList = lazy(() => import("./ContactList").then((m) => ({ default: m.ContactList })));

const badgeText = (n: number) => (n > 99 ? "99+" : String(n));

/**
 * The floating chat button (bottom right, with the unread count) and the direct-message side panel
 * it opens: the current organization's members, then a conversation. On every workspace screen.
 */
export function ChatDock() {
  const { user } = useAuth();
  const { currentId } = useWorkspace();
  const [open, setOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [backFrom, setBackFrom] = useState<string | null>(null);
  const visible = usePageVisible();
  const choices = useNotificationChoices();
  const panelId = useId();
  const fab = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const me = user?.id;
  const reading = open && visible ? selectedId : null;
  const readingRef = useRef(reading);
  readingRef.current = reading;

  /** The sender's name from the contacts, read when the panel has not loaded them yet. */
  const senderName = useCallback(async (id: string) => {
    const { contacts, currentId: organizationId } = known.current;
    const listed = contacts.find((contact) => contact.id === id);
    if (listed) return listed.full_name;
    const fetched = organizationId
      ? await call(chatEndpoints.contacts, { query: { organizationId } }).catch(() => null)
      : null;
    return fetched?.contacts.find((contact) => contact.id === id)?.full_name ?? null;
  }, []);

  const onIncoming = useCallback(
    (message: DirectMessage) => {
      const wanted = choices();
      if (wanted?.enabled && wanted.sounds) chime();
      // The conversation on screen says its messages itself (useConversation); any other is said
      // here, politely, as the badge changes: a screen reader heard nothing of it.
      if (readingRef.current === message.sender_id) return;
      void senderName(message.sender_id).then((name) => {
        announce(text.messageFrom(name));
        // A browser notification too, when the member wants them.
        if (!browserNoticeWanted(wanted, "direct")) return;
        showBrowserNotice({
          title: text.messageFrom(name),
          body: message.content,
          tag: `direct:${message.sender_id}`,
          open: () => {
            setOpen(true);
            setSelectedId(message.sender_id);
          },
        });
      });
    },
    [choices, senderName],
  );
  const inbox = useInbox({ me, organizationId: currentId, open, readingId: reading, onIncoming });
  const known = useRef({ contacts: inbox.contacts ?? [], currentId });
  known.current = { contacts: inbox.contacts ?? [], currentId };

  // A search result (or any screen) asks for a conversation: the panel opens on it.
  useEffect(
    () =>
      onOpenConversation((userId) => {
        setSelectedId(userId);
        setOpen(true);
      }),
    [],
  );

  // Another organization, other contacts: back to the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the organization changes
  useEffect(() => {
    setSelectedId(null);
    setBackFrom(null);
  }, [currentId]);

  const close = useCallback(() => {
    setOpen(false);
    setBackFrom(null);
    // The button comes back; focus returns to it.
    requestAnimationFrame(() => fab.current?.focus());
  }, []);

  // The button goes away while the panel is open: focus moves into the panel.
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  // The open conversation stays open when its contact leaves the list (they left this organization,
  // the list read again): shown as last known, its history and the draft in its box kept. A person
  // who shares no organization any more comes back in the list, read-only (shares_organization).
  const listed = inbox.contacts?.find((contact) => contact.id === selectedId) ?? null;
  const [held, setHeld] = useState<ChatContact | null>(null);
  if (listed && listed !== held) setHeld(listed);
  const selected = listed ?? (held && held.id === selectedId ? held : null);
  const onRead = useCallback(() => {
    if (selectedId) inbox.noteRead(selectedId);
  }, [selectedId, inbox.noteRead]);

  return (
    <>
      {open && (
        <section id={panelId} ref={panel} className={styles.panel} aria-label={text.title} tabIndex={-1}>
          {selected && me ? (
            <Suspense fallback={null}>
              <ConversationView
                key={selected.id}
                me={me}
                contact={selected}
                reading={reading === selected.id}
                onBack={() => {
                  // Back to the list, the focus on the contact whose conversation it was.
                  setBackFrom(selected.id);
                  setSelectedId(null);
                  panel.current?.focus();
                }}
                onClose={close}
                onRead={onRead}
                onSent={inbox.noteSent}
              />
            </Suspense>
          ) : (
            <>
              <header className={parts.head}>
                <h2 className={parts.title}>{text.title}</h2>
                <button
                  type="button"
                  className={parts.iconButton}
                  aria-label={text.closeChat}
                  onClick={close}
                >
                  <CloseIcon size={18} />
                </button>
              </header>
              <Suspense fallback={null}>
                <ContactList
                  inbox={inbox}
                  hasOrganization={!!currentId}
                  onSelect={(contact) => setSelectedId(contact.id)}
                  focusId={backFrom}
                />
              </Suspense>
            </>
          )}
        </section>
      )}
      {!open && (
        <button
          ref={fab}
          type="button"
          className={styles.fab}
          aria-label={
            inbox.unread > 0 ? `${text.openChat}, ${text.unreadBadge(inbox.unread)}` : text.openChat
          }
          onClick={() => setOpen(true)}
        >
          <ChatIcon size={24} />
          {inbox.unread > 0 && (
            <span className={styles.fabBadge} aria-hidden="true">
              {badgeText(inbox.unread)}
            </span>
          )}
        </button>
      )}
    </>
  );
}
