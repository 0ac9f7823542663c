import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import type { DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { endpointKey, readFromNow, useEndpointMutation, writeOrReadAgain } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { announce } from "../../ui/announce";
import { messageOf } from "../../ui/messageOf";
import { type ConversationPages, markedRead, messagesOf, withNew } from "./cache";
import { text } from "./text";

export interface Conversation {
  /** Oldest first; undefined until the first page arrived. */
  messages: DirectMessage[] | undefined;
  /** Why the first page could not be read (null once there are messages to show). */
  error: string | null;
  hasMore: boolean;
  earlier: { loading: boolean; error: string | null };
  reload(): Promise<void>;
  loadEarlier(): Promise<void>;
  /** Sends the text (under `id`, made by the sender: the same id sent again is the same message); the message once the server stored it (only then is it shown as sent); rejects when refused. */
  send(content: string, id?: string): Promise<DirectMessage>;
}

interface Options {
  me: string;
  otherId: string;
  /** Their name: a message of theirs arriving is said to screen readers with it. */
  otherName?: string;
  /** The conversation is on screen in a visible tab: what arrives is read at once. */
  reading: boolean;
  onRead(): void;
}

/**
 * One conversation: its pages (an infinite query, newest page first; the cache is what is shown),
 * live delivery and read marks written into the cache (`cache.ts`), the catch-up after a reconnect
 * a refetch, and sending and read marks through the declared endpoints.
 */
export function useConversation({ me, otherId, otherName, reading, onRead }: Options): Conversation {
  const queryClient = useQueryClient();
  const key = endpointKey(chatEndpoints.conversation, { params: { id: otherId }, query: {} });
  const pages = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      call(chatEndpoints.conversation, { params: { id: otherId }, query: { before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    // The page before the oldest message held.
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
  });
  const messages = useMemo(() => pages.data && messagesOf(pages.data), [pages.data]);
  const unreadFromThem = !!messages?.some((m) => m.sender_id === otherId && m.read_at === null);

  /** Writes into the cached pages (read again after a first load still in flight: `writeOrReadAgain`). */
  const update = (change: (data: ConversationPages) => ConversationPages) =>
    writeOrReadAgain<ConversationPages>(queryClient, key, change);

  const sent = useEndpointMutation(chatEndpoints.send, {
    onSuccess: (message) => update((data) => withNew(data, [message])),
  });
  const markRead = useEndpointMutation(chatEndpoints.markRead);

  // What the user has on screen is read: tell the server (and through it the sender and other tabs).
  const marking = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` writes the cache of this conversation
  useEffect(() => {
    if (!reading || !unreadFromThem || marking.current) return;
    marking.current = true;
    markRead
      .mutateAsync({ params: { id: otherId } })
      .then(({ read_at }) => {
        update((data) => markedRead(data, otherId, read_at));
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
        if (!ours(message)) return;
        update((data) => withNew(data, [message]));
        if (message.sender_id === otherId && otherName) announce(text.said(otherName, message.content));
      },
      "message.read": (event) => {
        // They read what I sent (they show read receipts), or I read theirs in another tab.
        const mine = event.reader_id === otherId && event.sender_id === me;
        const theirs = event.reader_id === me && event.sender_id === otherId;
        if (mine || theirs) update((data) => markedRead(data, event.sender_id, event.read_at, event.read_at));
      },
    },
    // Missed while the socket was down, or before it subscribed: read the pages held again.
    (since) => readFromNow(queryClient, key, { since }),
  );

  return {
    messages,
    error: pages.data || !pages.error ? null : messageOf(pages.error),
    hasMore: pages.hasNextPage,
    earlier: {
      loading: pages.isFetchingNextPage,
      error: pages.isFetchNextPageError ? messageOf(pages.error) : null,
    },
    reload: async () => {
      await pages.refetch();
    },
    loadEarlier: async () => {
      if (!pages.isFetchingNextPage) await pages.fetchNextPage();
    },
    send: (content, id) =>
      sent.mutateAsync({ params: { id: otherId }, body: { content, ...(id ? { id } : {}) } }),
  };
}
