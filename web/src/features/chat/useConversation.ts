import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { type ConversationPage, chatEndpoints, type DirectMessage } from "../../../../contract/chat";
import { call } from "../../api/client";
import { endpointKey } from "../../api/query";
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

type Pages = InfiniteData<ConversationPage, string | undefined>;

/**
 * One conversation: its pages (an infinite query, newest page first; the cache is what is shown),
 * live delivery and read marks written into the cache, and sending.
 */
export function useConversation({ me, otherId, reading, onRead }: Options): Conversation {
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
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const messages = useMemo(
    () =>
      merged(
        [],
        (pages.data?.pages ?? []).flatMap((page) => page.messages),
      ),
    [pages.data],
  );
  const unreadFromThem = messages.some((m) => m.sender_id === otherId && m.read_at === null);

  /** Writes into the cached pages (nothing before the first page arrived). */
  const update = (change: (list: DirectMessage[]) => DirectMessage[], add: DirectMessage[] = []) =>
    queryClient.setQueryData<Pages>(key, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page, index) => ({
              ...page,
              messages: change(index === 0 ? merged(page.messages, add) : page.messages),
            })),
          }
        : data,
    );
  const keep = (list: DirectMessage[]) => list;

  // What the user has on screen is read: tell the server (and through it the sender and other tabs).
  const marking = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` writes the cache of this conversation
  useEffect(() => {
    if (!reading || !unreadFromThem || marking.current) return;
    marking.current = true;
    call(chatEndpoints.markRead, { params: { id: otherId } })
      .then(({ read_at }) => {
        update((list) =>
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
        if (ours(message)) update(keep, [message]);
      },
      "message.read": (event) => {
        // They read what I sent (they show read receipts), or I read theirs in another tab.
        const mine = event.reader_id === otherId && event.sender_id === me;
        const theirs = event.reader_id === me && event.sender_id === otherId;
        if (!mine && !theirs) return;
        update((list) =>
          list.map((m) =>
            m.sender_id === event.sender_id && m.read_at === null && m.created_at <= event.read_at
              ? { ...m, read_at: event.read_at }
              : m,
          ),
        );
      },
    },
    // Missed while the socket was down: read the pages held again.
    () => {
      if (pages.data) void pages.refetch();
    },
  );

  const send = async (content: string): Promise<DirectMessage | null> => {
    setSending(true);
    setSendError(null);
    try {
      const message = await call(chatEndpoints.send, { params: { id: otherId }, body: { content } });
      update(keep, [message]);
      return message;
    } catch (failure) {
      setSendError(messageOf(failure));
      return null;
    } finally {
      setSending(false);
    }
  };

  return {
    messages,
    status: pages.data ? "ready" : pages.isError ? "error" : "loading",
    error: pages.error ? messageOf(pages.error) : null,
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
    sending,
    sendError,
    send,
  };
}
