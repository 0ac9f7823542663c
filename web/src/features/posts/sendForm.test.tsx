import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { postMessages } from "../../../../contract/posts";
import { commentInput } from "../../../../contract/posts-input";
import { useContractForm } from "../../ui/form/useContractForm";
import { sendForm } from "./sendForm";

const formOf = (content: string) =>
  renderHook(() => useContractForm(commentInput, { defaultValues: { content } })).result;

describe("sendForm", () => {
  it("sends the values the contract's schema parsed, and resolves", async () => {
    const form = formOf("  hello  ");
    const send = vi.fn(() => Promise.resolve());
    await act(() => sendForm(form.current, send)());
    expect(send).toHaveBeenCalledWith({ content: "hello" });
  });

  it("rejects in the schema's words, without sending, when the form is invalid", async () => {
    const form = formOf("   ");
    const send = vi.fn(() => Promise.resolve());
    await act(() => expect(sendForm(form.current, send)()).rejects.toThrow(postMessages.commentEmpty));
    expect(send).not.toHaveBeenCalled();
    expect(form.current.getFieldState("content").error?.message).toBe(postMessages.commentEmpty);
  });

  it("says a text too long in plain words under its field (refused comments given back may pass the box's limit)", async () => {
    const form = formOf("x".repeat(2001));
    const send = vi.fn(() => Promise.resolve());
    await act(() =>
      expect(sendForm(form.current, send)()).rejects.toThrow("Must be at most 2,000 characters"),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("rejects with the send's failure", async () => {
    const form = formOf("hi");
    const failure = new Error("refused");
    await act(() => expect(sendForm(form.current, () => Promise.reject(failure))()).rejects.toBe(failure));
  });
});
