import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatContact, DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat";
import { call } from "../../api/client";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";

/** Latest conversation first, then by name (the server's order, kept as messages arrive). */
function ordered(contacts: ChatContact[]): ChatContact[] {
  const at = (contact: ChatContact) => contact.last_message?.created_at ?? "";
  return [...contacts].sort((a, b) =>
    at(a) === at(b) ? a.full_name.localeCompare(b.full_name) : at(a) < at(b) ? 1 : -1,
  );
}

export interface Inbox {
  contacts: ChatContact[];
  status: "idle" | "loading" | "ready" | "error";
  error: string | null;
  /** Unread direct messages from members of the current organization (the button's badge). */
  unread: number;
  loadContacts(): Promise<void>;
  /** A message this tab sent: the contact's last message changes at once. */
  noteSent(message: DirectMessage): void;
  /** This tab read the conversation with `userId`. */
  noteRead(userId: string): void;
}

interface Options {
  me: string | undefined;
  organizationId: string | null;
  /** The panel is open: contacts are loaded and kept current. */
  open: boolean;
  /** The conversation on screen now, whose incoming messages are read at once (not counted). */
  readingId: string | null;
  onIncoming(message: DirectMessage): void;
}

/**
 * The chat panel's contact list and the unread badge, live: new messages and read marks arrive on
 * the user's own topic, presence on the organization's.
 */
export function useInbox({ me, organizationId, open, readingId, onIncoming }: Options): Inbox {
  const [contacts, setContacts] = useState<ChatContact[]>([]);
  const [status, setStatus] = useState<Inbox["status"]>("idle");
  const [error, setError] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  // Answers can arrive out of order (an organization switch while one is out): only the latest may land.
  const contactsGeneration = useRef(0);
  const unreadGeneration = useRef(0);

  const loadContacts = useCallback(async () => {
    const mine = ++contactsGeneration.current;
    if (!organizationId) {
      setContacts([]);
      setStatus("ready");
      return;
    }
    setStatus((previous) => (previous === "ready" ? previous : "loading"));
    try {
      const list = await call(chatEndpoints.contacts, { query: { organizationId } });
      if (mine !== contactsGeneration.current) return;
      setContacts(list.contacts);
      setError(null);
      setStatus("ready");
    } catch (failure) {
      if (mine !== contactsGeneration.current) return;
      setError(messageOf(failure));
      setStatus("error");
    }
  }, [organizationId]);

  const loadUnread = useCallback(async () => {
    const mine = ++unreadGeneration.current;
    if (!organizationId) {
      setUnread(0);
      return;
    }
    try {
      const { total } = await call(chatEndpoints.unread, { query: { organizationId } });
      if (mine === unreadGeneration.current) setUnread(total);
    } catch {
      // The badge keeps its last known count; the next event or reconnect asks again.
    }
  }, [organizationId]);

  // Another organization: another contact list, another badge.
  useEffect(() => {
    setContacts([]);
    setStatus("idle");
    void loadUnread();
  }, [loadUnread]);

  useEffect(() => {
    if (open) void loadContacts();
  }, [open, loadContacts]);

  const update = useCallback((userId: string, change: (contact: ChatContact) => ChatContact) => {
    setContacts((list) =>
      ordered(list.map((contact) => (contact.id === userId ? change(contact) : contact))),
    );
  }, []);

  const latest = useRef({ open, readingId, contacts, onIncoming });
  useEffect(() => {
    latest.current = { open, readingId, contacts, onIncoming };
  });

  useTopic(
    me ? `user:${me}` : null,
    {
      "message.created": (message) => {
        const incoming = message.recipient_id === me;
        const otherId = incoming ? message.sender_id : message.recipient_id;
        const now = latest.current;
        const beingRead = incoming && now.open && now.readingId === otherId;
        if (now.open && !now.contacts.some((contact) => contact.id === otherId)) void loadContacts();
        update(otherId, (contact) => ({
          ...contact,
          last_message: { content: message.content, created_at: message.created_at, from_me: !incoming },
          unread_count: incoming && !beingRead ? contact.unread_count + 1 : contact.unread_count,
        }));
        if (incoming) {
          // The open conversation reads it at once; its read mark will say so.
          if (!beingRead) void loadUnread();
          now.onIncoming(message);
        }
      },
      "message.read": (event) => {
        if (event.reader_id !== me) return;
        update(event.sender_id, (contact) => ({ ...contact, unread_count: 0 }));
        void loadUnread();
      },
    },
    // Messages sent while the socket was down are missed: catch up on every (re)subscription.
    () => {
      void loadUnread();
      if (latest.current.open) void loadContacts();
    },
  );

  const refreshOpenList = () => {
    if (latest.current.open) void loadContacts();
  };
  useTopic(
    organizationId ? `org:${organizationId}` : null,
    {
      "presence.updated": (event) => {
        if (event.organization_id !== organizationId) return;
        update(event.user_id, (contact) => ({ ...contact, online: event.online }));
      },
      "member.joined": refreshOpenList,
      "member.left": refreshOpenList,
    },
    // Who came and went while the socket was down.
    refreshOpenList,
  );

  const noteSent = useCallback(
    (message: DirectMessage) =>
      update(message.recipient_id, (contact) => ({
        ...contact,
        last_message: { content: message.content, created_at: message.created_at, from_me: true },
      })),
    [update],
  );

  const noteRead = useCallback(
    (userId: string) => {
      update(userId, (contact) => ({ ...contact, unread_count: 0 }));
      void loadUnread();
    },
    [update, loadUnread],
  );

  return { contacts, status, error, unread, loadContacts, noteSent, noteRead };
}
