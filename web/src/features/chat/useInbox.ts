import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { ChatContact, ContactList, DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import type { Moment } from "../../api/moment";
import { endpointKey, readFromNow, useEndpointQuery, writeOrReadAgain } from "../../api/query";
import { useLive, useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";
import { withContact, withMessage } from "./cache";

export interface Inbox {
  /** Latest conversation first; undefined until read (the panel reads them when it opens). */
  contacts: ChatContact[] | undefined;
  /** Why the contacts could not be read (null once there are contacts to show). */
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
 * The chat panel's contact list and the unread badge, read through the query layer and kept live:
 * new messages and read marks arrive on the user's own topic, presence on the organization's, and
 * are written into the cached list (or ask the badge again).
 */
export function useInbox({ me, organizationId, open, readingId, onIncoming }: Options): Inbox {
  const queryClient = useQueryClient();
  const input = { query: { organizationId: organizationId ?? "" } };
  const contactsKey = endpointKey(chatEndpoints.contacts, input);
  const contactsQuery = useEndpointQuery(chatEndpoints.contacts, input, {
    enabled: open && Boolean(organizationId),
  });
  const unreadQuery = useEndpointQuery(chatEndpoints.unread, input, { enabled: Boolean(organizationId) });

  const loadContacts = useCallback(
    async (since?: Moment) => {
      if (!organizationId) return;
      const queryKey = endpointKey(chatEndpoints.contacts, { query: { organizationId } });
      await readFromNow(queryClient, queryKey, { exact: true, since });
    },
    [organizationId, queryClient],
  );
  const loadUnread = useCallback(
    (since?: Moment) => {
      if (!organizationId) return;
      // The badge keeps its last known count on a failure; the next event or reconnect asks again.
      const queryKey = endpointKey(chatEndpoints.unread, { query: { organizationId } });
      void readFromNow(queryClient, queryKey, { exact: true, since });
    },
    [organizationId, queryClient],
  );

  const update = useCallback(
    (userId: string, change: (contact: ChatContact) => ChatContact) => {
      if (!organizationId) return;
      const queryKey = endpointKey(chatEndpoints.contacts, { query: { organizationId } });
      writeOrReadAgain<ContactList>(queryClient, queryKey, (data) => withContact(data, userId, change));
    },
    [organizationId, queryClient],
  );
  const listed = () => queryClient.getQueryData<ContactList>(contactsKey)?.contacts ?? [];

  const latest = useRef({ open, readingId, onIncoming });
  useEffect(() => {
    latest.current = { open, readingId, onIncoming };
  });

  useTopic(
    me ? `user:${me}` : null,
    {
      "message.created": (message) => {
        const incoming = message.recipient_id === me;
        const otherId = incoming ? message.sender_id : message.recipient_id;
        const now = latest.current;
        const beingRead = incoming && now.open && now.readingId === otherId;
        if (now.open && !listed().some((contact) => contact.id === otherId)) void loadContacts();
        update(otherId, (contact) => withMessage(contact, message, !incoming, incoming && !beingRead));
        if (incoming) {
          // The open conversation reads it at once; its read mark will say so.
          if (!beingRead) loadUnread();
          now.onIncoming(message);
        }
      },
      "message.read": (event) => {
        if (event.reader_id !== me) return;
        update(event.sender_id, (contact) => ({ ...contact, unread_count: 0 }));
        loadUnread();
      },
    },
    // Messages sent while the socket was down are missed: catch up on every (re)subscription.
    (since) => {
      loadUnread(since);
      if (latest.current.open) void loadContacts(since);
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
    // Who came and went while the socket was down: read whatever the topic's quiet, which leaves
    // presence out (server/realtime/quiet.ts).
    refreshOpenList,
  );

  const noteSent = useCallback(
    (message: DirectMessage) =>
      update(message.recipient_id, (contact) => withMessage(contact, message, true, false)),
    [update],
  );

  const noteRead = useCallback(
    (userId: string) => {
      update(userId, (contact) => ({ ...contact, unread_count: 0 }));
      loadUnread();
    },
    [update, loadUnread],
  );

  const { data, error } = contactsQuery;
  // Presence is only known while live: with the connection lost, no contact is shown online.
  const live = useLive();
  const contacts = useMemo(
    () => (live ? data?.contacts : data?.contacts.map((contact) => ({ ...contact, online: false }))),
    [live, data],
  );
  return {
    contacts: organizationId ? contacts : [],
    error: organizationId && !data && error ? messageOf(error) : null,
    unread: organizationId ? (unreadQuery.data?.total ?? 0) : 0,
    loadContacts,
    noteSent,
    noteRead,
  };
}
