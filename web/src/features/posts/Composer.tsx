import {
  type ChangeEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { Member } from "../../../../contract/organizations";
import { MESSAGE_MAX, postMessages } from "../../../../contract/posts";
import { ApiError, unreachable } from "../../api/http";
import { useLostSend, withoutSent } from "../../api/lostSend";
import { useOutbox } from "../../api/useOutbox";
import { useReconnected } from "../../api/useRealtime";
import { cx } from "../../ui/cx";
import { messageOf } from "../../ui/messageOf";
import { onPasteCut } from "../../ui/pasteCut";
import { Sending } from "../../ui/Sending";
import { AttachTools } from "./AttachTools";
import styles from "./Composer.module.css";
import { refusal } from "./composerInput";
import { useChannel, useChannelState } from "./context";
import { readDraft, writeDraft } from "./drafts";
import { EmojiPicker } from "./EmojiPicker";
import { SendIcon } from "./icons";
import { MentionSuggestions } from "./MentionSuggestions";
import { type Pending, PendingAttachment } from "./PendingAttachment";
import { text } from "./text";
import { uploadAttachment } from "./upload";
import { useMentionSuggestions } from "./useMentionSuggestions";

/** What a message is, to send again under its id: its text and its attachment. */
const sendKey = (content: string, ready: { attachment: { id: string } } | null) =>
  `${content}\u0000${ready?.attachment.id ?? ""}`;

/** A message on its way: the id it is sent under, its text and its attachment. */
type Outgoing = { id: string; content: string; ready: Extract<Pending, { state: "ready" }> | null };

/**
 * The message box: text (Enter sends, Shift+Enter a new line), an image or a file uploaded first
 * and sent with the message, the emoji palette, and "@" suggestions of the organization's members.
 *
 * A controlled editor, not a form of the form layer (`ui/form`): its one field is edited by more
 * than typing (a mention chosen from the list replaces the "@name" before the caret, an emoji goes
 * in at the caret, the caret is placed after each insertion, the text is a draft kept per channel),
 * and what it sends is the text with an upload that has its own progress and cancel. The contract's
 * rule (text or an attachment) is checked before sending, in the contract's words.
 */
export function Composer() {
  const { channel, admin, me, actions } = useChannel();
  const [value, setValue] = useState(() => readDraft(me, channel.id));
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const mentions = useMentionSuggestions();
  const area = useRef<HTMLTextAreaElement>(null);
  const caretAfter = useRef<number | null>(null);
  // A refused message, with those sent after it, comes back in front of what was written since,
  // with why (an attachment with it, to the box if it holds none). Each goes under an id of the
  // channel's outbox (outbox.ids): one that came back unanswered and goes again unchanged keeps it,
  // from this box or the channel's next one, so a message written whose answer was lost is not
  // written twice.
  const typed = useRef(value);
  typed.current = value;
  // A send that failed for want of the server: its notice goes once the server is reachable again
  // (the text stays in the box, to send again), whichever box of the channel took it back.
  useReconnected(() => {
    if (outbox.refusal && unreachable(outbox.refusal.failure)) outbox.settle();
  });
  const outbox = useOutbox<Outgoing>(
    `channel:${me}:${channel.id}`,
    ({ id, content, ready }) => actions.send(content, ready?.attachment.id, id),
    (back, failure) => {
      const mayBeWritten = outbox.ids.back(
        back.map((item) => ({ key: sendKey(item.content, item.ready), id: item.id })),
        failure,
        typed.current,
      );
      lost.back(back, mayBeWritten);
      // Why is the outbox's (outbox.refusal), kept for this place's next box if this one closes now.
      setError(null);
      setValue((current) => [...back.map((item) => item.content), current].filter(Boolean).join("\n"));
      const attached = back.find((item) => item.ready)?.ready;
      if (attached) setPending((current) => current ?? attached);
    },
  );
  // A message whose answer was lost may have been written: once the channel shows it (its event,
  // or a read catching up), it was sent, and it leaves the box with the failure notice.
  const { timeline } = useChannelState();
  const lost = useLostSend<Outgoing>(
    outbox.lost,
    (id) => timeline.posts.some((held) => held.id === id),
    (item) => {
      outbox.ids.forget();
      clearError();
      setValue((current) => withoutSent(current, item.content, "\n"));
      const attachment = item.ready?.attachment.id;
      if (attachment)
        setPending((current) =>
          current?.state === "ready" && current.attachment.id === attachment ? null : current,
        );
    },
  );
  /** The writer has seen to what the box said: its own error, and a refusal's why. */
  const clearError = () => {
    setError(null);
    outbox.settle();
  };
  const shownError =
    error ?? (outbox.refusal ? postMessages.sendFailed + messageOf(outbox.refusal.failure) : null);
  const errorId = useId();
  const canAttach = admin || channel.permissions.membersCanAttach;

  // The box grows with its text up to a limit; the caret goes where an insertion put it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text changes
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, 200)}px`;
    if (caretAfter.current !== null) {
      element.setSelectionRange(caretAfter.current, caretAfter.current);
      caretAfter.current = null;
    }
  }, [value]);

  // The text is this channel's draft until sent (kept in the browser, per user and channel).
  useEffect(() => {
    writeDraft(me, channel.id, value);
  }, [me, channel.id, value]);

  // An upload still running when the page goes away is cancelled.
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      const current = pendingRef.current;
      if (current?.state === "uploading") current.upload.abort();
    },
    [],
  );

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = event.target.value;
    setValue(next);
    clearError();
    outbox.ids.forget();
    mentions.follow(next, event.target.selectionStart);
    if (next.trim()) actions.notifyTyping();
  };

  const insert = (insertion: string, from?: number, to?: number) => {
    const element = area.current;
    const start = from ?? element?.selectionStart ?? value.length;
    const end = to ?? element?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + insertion + value.slice(end);
    caretAfter.current = start + insertion.length;
    setValue(next.slice(0, MESSAGE_MAX));
    element?.focus();
  };

  const chooseMention = (member: Member) => {
    const chosen = mentions.choose(member, value, area.current?.selectionStart ?? null);
    caretAfter.current = chosen.caret;
    setValue(chosen.value.slice(0, MESSAGE_MAX));
    area.current?.focus();
  };

  const pick = (file: File | undefined, kind: "image" | "file") => {
    if (!file) return;
    if (pending?.state === "uploading") pending.upload.abort();
    const refused = refusal(file, kind);
    if (refused) {
      setPending(null);
      setError(refused);
      return;
    }
    clearError();
    const upload = uploadAttachment(channel.id, file, (progress) =>
      setPending((current) =>
        current?.state === "uploading" && current.upload === upload ? { ...current, progress } : current,
      ),
    );
    setPending({ state: "uploading", file, progress: 0, upload });
    upload.promise
      .then((attachment) =>
        setPending((current) =>
          current?.state === "uploading" && current.upload === upload
            ? { state: "ready", file, attachment }
            : current,
        ),
      )
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === "AbortError") return;
        setPending((current) =>
          current?.state === "uploading" && current.upload === upload ? null : current,
        );
        // Refused by a rule (a file that is not what its name says, an empty one): the rule's words,
        // as the browser's own check says them; anything else is a failed upload.
        const byRule = failure instanceof ApiError && failure.status === 400;
        setError(byRule ? failure.message : text.uploadFailed + messageOf(failure));
      });
  };

  const removeAttachment = () => {
    if (pending?.state === "uploading") pending.upload.abort();
    setPending(null);
    area.current?.focus();
  };

  const canSend = pending?.state !== "uploading" && (!!value.trim() || pending?.state === "ready");

  /** The box empties at once, so the next message can be written and sent while this one is on its way. */
  const send = () => {
    if (!canSend) return;
    const content = value.trim();
    const ready = pending?.state === "ready" ? pending : null;
    if (!content && !ready) {
      setError(postMessages.empty);
      return;
    }
    setValue("");
    setPending(null);
    setEmojiOpen(false);
    clearError();
    lost.clear();
    outbox.send({ id: outbox.ids.take(sendKey(content, ready)), content, ready });
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event, chooseMention)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      noValidate
    >
      {pending && <PendingAttachment pending={pending} onRemove={removeAttachment} />}
      {shownError && (
        <p id={errorId} className={styles.composerError} role="alert">
          {shownError}
        </p>
      )}
      <Sending waiting={outbox.waiting} label={text.sending} className={styles.composerSending} />
      <div className={styles.composerBox}>
        {mentions.suggesting && <MentionSuggestions {...mentions.list} onChoose={chooseMention} />}
        <textarea
          ref={area}
          className={styles.composerInput}
          rows={1}
          aria-label={text.messageLabel}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          {...mentions.input}
          placeholder={text.messagePlaceholder(channel.name)}
          maxLength={MESSAGE_MAX}
          value={value}
          onChange={onChange}
          onPaste={onPasteCut(MESSAGE_MAX, () => setError(postMessages.pasteCut(MESSAGE_MAX)))}
          onKeyDown={onKeyDown}
          onClick={(event) => mentions.follow(value, event.currentTarget.selectionStart)}
          onBlur={mentions.close}
        />
        <div className={styles.composerTools}>
          {canAttach && <AttachTools onPick={pick} />}
          {!canAttach && <span className={cx(styles.toolNote, "muted")}>{text.attachmentsOffNote}</span>}
          <EmojiPicker
            open={emojiOpen}
            onOpenChange={setEmojiOpen}
            onPick={insert}
            onEscape={() => area.current?.focus()}
          />
          <button
            type="submit"
            className={styles.send}
            disabled={!canSend}
            aria-label={text.send}
            title={text.send}
          >
            <SendIcon size={18} />
          </button>
        </div>
      </div>
    </form>
  );
}
