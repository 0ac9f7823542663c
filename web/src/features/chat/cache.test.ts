import { describe, expect, it } from "vitest";
import type { ChatContact, DirectMessage } from "../../../../contract/chat";
import {
  type ConversationPages,
  markedRead,
  merged,
  messagesOf,
  ordered,
  withContact,
  withMessage,
  withNew,
} from "./cache";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

const contact = (id: string, name: string, lastAt?: number, unread = 0): ChatContact => ({
  id,
  full_name: name,
  role: "member",
  user_type: "voter",
  online: false,
  accepts_messages: true,
  shares_organization: true,
  last_message: lastAt === undefined ? null : { content: "hi", created_at: at(lastAt), from_me: false },
  unread_count: unread,
});

const message = (id: string, minute: number, from = "them", readAt: string | null = null): DirectMessage => ({
  id,
  sender_id: from,
  recipient_id: from === "me" ? "them" : "me",
  content: `text ${id}`,
  created_at: at(minute),
  read_at: readAt,
});

const ids = (list: { id: string }[]) => list.map((item) => item.id);
const pages = (...list: { messages: DirectMessage[]; has_more: boolean }[]): ConversationPages => ({
  pages: list,
  pageParams: list.map((_, index) => (index === 0 ? undefined : `p${index}`)),
});

describe("ordered", () => {
  it("puts the latest conversation first, then those without messages by name", () => {
    const list = [contact("c", "Cleo"), contact("a", "Ann", 1), contact("b", "Bea", 5), contact("d", "Abe")];
    expect(ids(ordered(list))).toEqual(["b", "a", "d", "c"]);
  });
});

describe("withContact and withMessage", () => {
  it("moves a contact with a new message to the top and counts it unread", () => {
    const list = { contacts: [contact("a", "Ann", 5), contact("b", "Bea", 1, 2)] };
    const next = withContact(list, "b", (item) => withMessage(item, message("m", 9), false, true));
    expect(ids(next.contacts)).toEqual(["b", "a"]);
    expect(next.contacts[0]).toMatchObject({
      unread_count: 3,
      last_message: { content: "text m", created_at: at(9), from_me: false },
    });
  });

  it("does not count a message the viewer sent or is reading", () => {
    const sent = withMessage(contact("b", "Bea", 1, 2), message("m", 9, "me"), true, false);
    expect(sent.unread_count).toBe(2);
    expect(sent.last_message?.from_me).toBe(true);
  });

  it("leaves the list as it was for someone not in it", () => {
    const list = { contacts: [contact("a", "Ann", 5)] };
    expect(withContact(list, "x", (item) => ({ ...item, online: true }))).toEqual(list);
  });
});

describe("merged and messagesOf", () => {
  it("holds each message once, oldest first, the later copy winning", () => {
    const list = merged(
      [message("b", 2), message("a", 1)],
      [message("b", 2, "them", at(3)), message("c", 0)],
    );
    expect(ids(list)).toEqual(["c", "a", "b"]);
    expect(list[2]?.read_at).toBe(at(3));
  });

  it("reads the pages (newest first) as one list, oldest first", () => {
    const data = pages(
      { messages: [message("c", 3), message("d", 4)], has_more: true },
      { messages: [message("a", 1), message("b", 2)], has_more: false },
    );
    expect(ids(messagesOf(data))).toEqual(["a", "b", "c", "d"]);
  });
});

describe("withNew", () => {
  it("adds a new message to the newest page once", () => {
    const data = pages(
      { messages: [message("a", 1)], has_more: true },
      { messages: [message("z", 0)], has_more: false },
    );
    const once = withNew(data, [message("b", 2, "me")]);
    const twice = withNew(once, [message("b", 2, "me")]);
    expect(ids(twice.pages[0]?.messages ?? [])).toEqual(["a", "b"]);
    expect(twice.pages[1]).toBe(data.pages[1]);
  });
});

describe("markedRead", () => {
  const data = pages(
    { messages: [message("c", 3), message("d", 4, "me"), message("e", 6)], has_more: true },
    { messages: [message("a", 1, "them", at(2)), message("b", 2)], has_more: false },
  );

  it("marks every unread message of the sender, on every page", () => {
    const next = messagesOf(markedRead(data, "them", at(7)));
    expect(next.map((m) => m.read_at)).toEqual([at(2), at(7), at(7), null, at(7)]);
  });

  it("with a limit, marks only what was sent by then", () => {
    const next = messagesOf(markedRead(data, "them", at(5), at(5)));
    expect(next.map((m) => m.read_at)).toEqual([at(2), at(5), at(5), null, null]);
  });

  it("keeps a page without such messages as it was", () => {
    expect(markedRead(data, "me", at(7)).pages[1]).toBe(data.pages[1]);
  });
});
