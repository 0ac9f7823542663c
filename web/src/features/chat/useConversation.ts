import { useCallback, useEffect, useRef, useState } from "react";
import type { DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat";
import { call } from "../../api/client";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";

/** Oldest first by time, then id (the server's order); each message once. */
function merged(list: DirectMessage[], more: DirectMessage[]): DirectMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
}

export interface Conversation {
  messages: DirectMessage[];
  status: "loading" | "ready" | "error";
  error: string | null;
  hasMore: boolean;
  earlier: { loading: boolean; error: string | null };
  reload(): Promise<void>;
  loadEarlier(): Promise<void>;
  sending: boolean;
  sendError: string | null;
  /** Sends the text; true when the server stored it (only then is it shown as sent). */
  send(content: string): Promise<DirectMessage | null>;
}

interface Options {
  me: string;
  otherId: string;
  /** The conversation is on screen in a visible tab: what arrives is read at once. */
  reading: boolean;
  onRead(): void;
}

/** One conversation: its pages, live delivery, read marks both ways, and sending. */
export function useConversation({ me, otherId, reading, onRead }: Options): Conversation {
  const [messages, setMessages] = useState<DirectMessage[]>([]);
  const [status, setStatus] = useState<Conversation["status"]>("loading");
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [earlier, setEarlier] = useState<Conversation["earlier"]>({ loading: false, error: null });
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const unreadFromThem = messages.some((m) => m.sender_id === otherId && m.read_at === null);

  const loaded = useRef(false);
  const reload = useCallback(async () => {
    if (!loaded.current) setStatus("loading");
    try {
      const page = await call(chatEndpoints.conversation, { params: { id: otherId }, query: {} });
      // A reload (after a reconnect) keeps the earlier pages already shown.
      setMessages((list) => merged(list, page.messages));
      if (!loaded.current) setHasMore(page.has_more);
      loaded.current = true;
      setError(null);
      setStatus("ready");
    } catch (failure) {
      setError(messageOf(failure));
      if (!loaded.current) setStatus("error");
    }
  }, [otherId]);

  const loadEarlier = async () => {
    const oldest = messages[0];
    if (!oldest || earlier.loading) return;
    setEarlier({ loading: true, error: null });
    try {
      const page = await call(chatEndpoints.conversation, {
        params: { id: otherId },
        query: { before: oldest.id },
      });
      setMessages((list) => merged(list, page.messages));
      setHasMore(page.has_more);
      setEarlier({ loading: false, error: null });
    } catch (failure) {
      setEarlier({ loading: false, error: messageOf(failure) });
    }
  };

  useEffect(() => {
    void reload();
  }, [reload]);

  // What the user has on screen is read: tell the server (and through it the sender and other tabs).
  const marking = useRef(false);
  useEffect(() => {
    if (!reading || !unreadFromThem || marking.current) return;
    marking.current = true;
    call(chatEndpoints.markRead, { params: { id: otherId } })
      .then(({ read_at }) => {
        setMessages((list) =>
          list.map((m) => (m.sender_id === otherId && m.read_at === null ? { ...m, read_at } : m)),
        );
        onRead();
      })
      // Stays unread; the next message or opening tries again.
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [reading, unreadFromThem, otherId, onRead]);

  const ours = (message: DirectMessage) =>
    (message.sender_id === me && message.recipient_id === otherId) ||
    (message.sender_id === otherId && message.recipient_id === me);
  useTopic(
    `user:${me}`,
    {
      "message.created": (message) => {
        if (ours(message)) setMessages((list) => merged(list, [message]));
      },
      "message.read": (event) => {
        // They read what I sent (they show read receipts), or I read theirs in another tab.
        const mine = event.reader_id === otherId && event.sender_id === me;
        const theirs = event.reader_id === me && event.sender_id === otherId;
        if (!mine && !theirs) return;
        setMessages((list) =>
          list.map((m) =>
            m.sender_id === event.sender_id && m.read_at === null && m.created_at <= event.read_at
              ? { ...m, read_at: event.read_at }
              : m,
          ),
        );
      },
    },
    // Missed while the socket was down: fetch the latest page again.
    () => {
      if (loaded.current) void reload();
    },
  );

  const send = async (content: string): Promise<DirectMessage | null> => {
    setSending(true);
    setSendError(null);
    try {
      const message = await call(chatEndpoints.send, { params: { id: otherId }, body: { content } });
      setMessages((list) => merged(list, [message]));
      return message;
    } catch (failure) {
      setSendError(messageOf(failure));
      return null;
    } finally {
      setSending(false);
    }
  };

  return { messages, status, error, hasMore, earlier, reload, loadEarlier, sending, sendError, send };
}
