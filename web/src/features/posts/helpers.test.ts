import { afterEach, describe, expect, it } from "vitest";
import type { Member } from "../../../../contract/organizations";
import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX, postMessages } from "../../../../contract/posts";
import { forgetKeptOnDevice } from "../accounts/keptOnDevice";
import { mentionQuery, refusal, suggestMembers } from "./composerInput";
import { readDraft, writeDraft } from "./drafts";
import { dayKey, dayLabel, extensionOf, fileSize, shortTime } from "./format";
import { MESSAGE_PARAM, permalink } from "./permalink";
import { text } from "./text";

describe("mentionQuery", () => {
  it("finds the name typed after @ at the start or after a space", () => {
    expect(mentionQuery("@am", 3)).toEqual({ start: 0, query: "am" });
    expect(mentionQuery("hello @Ama Ser", 14)).toEqual({ start: 6, query: "Ama Ser" });
    expect(mentionQuery("hi @", 4)).toEqual({ start: 3, query: "" });
  });
  it("reads only up to the caret", () => {
    expect(mentionQuery("@ama and more", 4)).toEqual({ start: 0, query: "ama" });
  });
  it("ignores an @ inside a word, two spaces, a new line", () => {
    expect(mentionQuery("mail@host", 9)).toBeNull();
    expect(mentionQuery("@ama  x", 7)).toBeNull();
    expect(mentionQuery("@ama\nx", 6)).toBeNull();
    expect(mentionQuery("no mention", 10)).toBeNull();
  });
});

describe("refusal", () => {
  const file = (name: string, type: string, size = 10) =>
    Object.defineProperty(new File(["x"], name, { type }), "size", { value: size });
  it("takes images as images, and listed document types as files", () => {
    expect(refusal(file("a.png", "image/png"), "image")).toBeNull();
    expect(refusal(file("report.PDF", "application/pdf"), "file")).toBeNull();
    expect(refusal(file("photo.jpg", "image/jpeg"), "file")).toBeNull();
  });
  it("refuses other types and anything over the size limit", () => {
    expect(refusal(file("a.pdf", "application/pdf"), "image")).toBe(postMessages.attachmentRefused);
    expect(refusal(file("run.exe", "application/octet-stream"), "file")).toBe(postMessages.attachmentRefused);
    expect(refusal(file("big.png", "image/png", ATTACHMENT_MAX_BYTES + 1), "image")).toBe(
      postMessages.attachmentRefused,
    );
  });
});

describe("drafts", () => {
  afterEach(() => localStorage.clear());
  it("keeps one draft per user and channel, and removes a blank one", () => {
    writeDraft("u1", "c1", "half a thought");
    writeDraft("u2", "c1", "someone else's");
    expect(readDraft("u1", "c1")).toBe("half a thought");
    expect(readDraft("u1", "c2")).toBe("");
    expect(readDraft("u2", "c1")).toBe("someone else's");
    writeDraft("u1", "c1", "   ");
    expect(readDraft("u1", "c1")).toBe("");
  });
  it("keeps nothing without a signed-in user, and cuts at the message limit", () => {
    writeDraft(undefined, "c1", "anonymous");
    expect(readDraft(undefined, "c1")).toBe("");
    expect(localStorage.length).toBe(0);
    writeDraft("u1", "c1", "x".repeat(MESSAGE_MAX + 10));
    expect(readDraft("u1", "c1")).toHaveLength(MESSAGE_MAX);
  });
  it("forgets every draft and nothing else", () => {
    writeDraft("u1", "c1", "one");
    writeDraft("u2", "c2", "two");
    localStorage.setItem("votespace_other", "kept");
    forgetKeptOnDevice();
    expect(readDraft("u1", "c1")).toBe("");
    expect(readDraft("u2", "c2")).toBe("");
    expect(localStorage.getItem("votespace_other")).toBe("kept");
  });
});

describe("permalink", () => {
  it("points at /text with the channel and the message", () => {
    const url = new URL(permalink({ id: "ch-1", name: "general & news" }, "post-9"));
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe("/text");
    expect(url.searchParams.get("channelId")).toBe("ch-1");
    expect(url.searchParams.get("channelName")).toBe("general & news");
    expect(url.searchParams.get(MESSAGE_PARAM)).toBe("post-9");
  });
});

describe("posts format", () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it("labels days Today, Yesterday, or by date", () => {
    expect(dayLabel(new Date(2026, 10, 24, 9).toISOString(), now)).toBe(text.today);
    expect(dayLabel(new Date(2026, 10, 23, 23).toISOString(), now)).toBe(text.yesterday);
    expect(dayLabel(new Date(2026, 10, 20).toISOString(), now)).not.toMatch(/Today|Yesterday|2026/);
    expect(dayLabel(new Date(2025, 10, 20).toISOString(), now)).toContain("2025");
  });
  it("keys messages by local day", () => {
    const morning = new Date(2026, 10, 24, 1).toISOString();
    const evening = new Date(2026, 10, 24, 23).toISOString();
    expect(dayKey(morning)).toBe(dayKey(evening));
    expect(dayKey(morning)).not.toBe(dayKey(new Date(2026, 10, 25, 1).toISOString()));
  });
  it("writes today's times after Today", () => {
    expect(shortTime(new Date(2026, 10, 24, 9).toISOString(), now)).toMatch(new RegExp(`^${text.today} `));
    expect(shortTime(new Date(2026, 10, 2, 9).toISOString(), now)).not.toContain(text.today);
  });
  it("writes file sizes as people read them", () => {
    expect(fileSize(512)).toBe("512 B");
    expect(fileSize(1024)).toBe("1 KB");
    expect(fileSize(1500)).toBe("1 KB");
    expect(fileSize(300 * 1024)).toBe("300 KB");
    expect(fileSize(5.5 * 1024 * 1024)).toBe("5.5 MB");
  });
  it("reads a file's extension in lower case", () => {
    expect(extensionOf("Report.PDF")).toBe("pdf");
    expect(extensionOf("archive.tar.gz")).toBe("gz");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionOf("README")).toBe("");
  });
});

describe("suggestMembers", () => {
  const member = (user_id: string, full_name: string) => ({ user_id, full_name }) as Member;
  const members = [
    member("1", "Kofi Ama"),
    member("2", "Ama Owusu"),
    member("3", "Abena Mensah"),
    member("me", "Ama Me"),
  ];
  it("offers the members whose name holds the text, names starting with it first, never the writer", () => {
    expect(suggestMembers(members, "me", "ama", 6).map((m) => m.full_name)).toEqual([
      "Ama Owusu",
      "Kofi Ama",
    ]);
    expect(suggestMembers(members, "me", "", 2)).toHaveLength(2);
  });
});
