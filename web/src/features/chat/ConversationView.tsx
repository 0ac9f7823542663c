import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { CHAT_MESSAGE_MAX, type ChatContact, type DirectMessage } from "../../../../contract/chat";
import { sendMessageInput } from "../../../../contract/chat-input";
import { messages as notices } from "../../../../contract/messages";
import { unreachable } from "../../api/http";
import { useReconnected } from "../../api/useRealtime";
import { useTextOutbox } from "../../api/useTextOutbox";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { useContractForm } from "../../ui/form/useContractForm";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { Sending } from "../../ui/Sending";
import { Status } from "../../ui/Status";
import { readDraft, writeDraft } from "../posts/drafts";
import { dayKey, dayLabel, timeOf } from "../posts/format";
import { useWorkspace } from "../workspace/WorkspaceContext";
import parts from "./ChatParts.module.css";
import { PresenceDot } from "./ContactList";
import styles from "./ConversationView.module.css";
import { BackIcon, CloseIcon, SendIcon } from "./icons";
import { text } from "./text";
import { useConversation } from "./useConversation";

const NONE: DirectMessage[] = [];

interface Props {
  me: string;
  contact: ChatContact;
  /** On screen in a visible tab: incoming messages are read at once. */
  reading: boolean;
  onBack(): void;
  onClose(): void;
  onRead(): void;
  onSent(message: DirectMessage): void;
}

function Bubble({
  message,
  sender,
  mine,
  seen,
}: {
  message: DirectMessage;
  sender: string;
  mine: boolean;
  seen: boolean;
}) {
  return (
    <li className={mine ? cx(styles.msg, styles.msgMine) : styles.msg}>
      <div className={styles.bubble}>
        <span className="visually-hidden">{sender}: </span>
        {message.content}
      </div>
      <div className={styles.meta}>
        <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
        {seen && <span> · {text.seen}</span>}
      </div>
    </li>
  );
}

/** The panel's second view: one conversation, its messages (mine on the right) and the composer. */
export function ConversationView({ me, contact, reading, onBack, onClose, onRead, onSent }: Props) {
  const chat = useConversation({ me, otherId: contact.id, otherName: contact.full_name, reading, onRead });
  const messages = chat.messages ?? NONE;
  // The text is the conversation's draft until sent (kept in the browser, per user and contact).
  const place = `conversation:${contact.id}`;
  const form = useContractForm(sendMessageInput, {
    defaultValues: { content: readDraft(me, place, CHAT_MESSAGE_MAX) },
  });
  const draft = form.watch("content");
  useEffect(() => writeDraft(me, place, draft, CHAT_MESSAGE_MAX), [me, place, draft]);
  const list = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  // Someone who shares no organization any more, or this organization suspended (its members read
  // but do not write, as in its channels; heard live): the conversation is read-only (the draft stays).
  const suspended = useWorkspace().current?.status === "suspended";
  const readOnly = !contact.shares_organization || suspended;
  const writable = contact.accepts_messages && !readOnly;
  const canSend = draft.trim() !== "" && writable;
  // A refused message, with those sent after it, comes back in front of what was written since
  // (Retry sends it), so into the draft. Why is the outbox's (outbox.refusal), as is the id each
  // goes under: the panel may close as it comes back, and the conversation's next box says why,
  // and sends one that came back unanswered again under the same id (useTextOutbox); once the
  // conversation shows it (its event, or a read catching up), it leaves the box with its notice.
  const outbox = useTextOutbox(
    `conversation:${me}:${contact.id}`,
    async ({ id, content }) => onSent(await chat.send(content, id)),
    {
      read: () => form.getValues("content"),
      write: (value) => form.setValue("content", value),
      shown: (id) => messages.some((message) => message.id === id),
    },
  );
  // "Could not reach the server" goes once it is back.
  useReconnected(() => {
    if (outbox.refusal && unreachable(outbox.refusal.failure)) outbox.settle();
  });

  useEffect(() => {
    form.setFocus("content");
  }, [form]);

  // New messages scroll into view when the user is at the end; earlier pages keep the place.
  const previous = useRef({ count: 0, height: 0, first: "" });
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const first = messages[0]?.id ?? "";
    const grewAtTop = previous.current.first !== "" && first !== previous.current.first;
    if (grewAtTop) box.scrollTop += box.scrollHeight - previous.current.height;
    else if (stickToEnd.current) box.scrollTop = box.scrollHeight;
    previous.current = { count: messages.length, height: box.scrollHeight, first };
  }, [messages]);

  // The box empties at once, so the next message can be written while this one is on its way.
  const send = form.handleSubmit(({ content }) => {
    stickToEnd.current = true;
    form.reset({ content: "" });
    form.setFocus("content");
    outbox.send(content);
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) void send();
  };

  const lastMine = [...messages].reverse().find((m) => m.sender_id === me);
  // A divider before the first message of each day, then the messages.
  const rows: ReactNode[] = [];
  let day = "";
  for (const message of messages) {
    const key = dayKey(message.created_at);
    if (key !== day) {
      rows.push(
        <li key={`day-${key}`} className={styles.day} aria-hidden="true">
          {dayLabel(message.created_at)}
        </li>,
      );
      day = key;
    }
    rows.push(
      <Bubble
        key={message.id}
        message={message}
        sender={message.sender_id === me ? text.me : contact.full_name}
        mine={message.sender_id === me}
        seen={message === lastMine && message.read_at !== null}
      />,
    );
  }

  return (
    <>
      <header className={cx(parts.head, styles.headConversation)}>
        <button type="button" className={parts.iconButton} aria-label={text.back} onClick={onBack}>
          <BackIcon size={20} />
        </button>
        <span className={parts.avatar}>
          <Avatar name={contact.full_name} size={34} />
          <PresenceDot online={contact.online} />
        </span>
        <div className={styles.headText}>
          <h2 className={parts.title}>{contact.full_name}</h2>
          <span className={styles.headSub}>{contact.online ? text.online : text.offline}</span>
        </div>
        <button type="button" className={parts.iconButton} aria-label={text.closeChat} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      </header>

      {/* A tab stop, so that a keyboard can scroll the conversation back (its messages are not controls). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box, not a set of form fields */}
      <div
        ref={list}
        className={styles.messages}
        role="group"
        aria-label={text.messagesWith(contact.full_name)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by keyboard to scroll it
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          stickToEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        <LoadState
          data={chat.messages}
          error={chat.error}
          loadingLabel={text.loading}
          errorTitle={text.conversationFailed}
          retryLabel={text.retry}
          onRetry={() => void chat.reload()}
          isEmpty={(list) => list.length === 0}
          empty={<p className={parts.empty}>{text.noMessages}</p>}
        >
          {() => (
            <>
              {chat.hasMore && (
                <div className={styles.earlier}>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={chat.earlier.loading}
                    onClick={() => void chat.loadEarlier()}
                  >
                    {chat.earlier.loading ? text.loadingEarlier : text.earlier}
                  </button>
                  {chat.earlier.error && (
                    <p className={styles.error} role="alert">
                      {text.earlierFailed}: {chat.earlier.error}
                    </p>
                  )}
                </div>
              )}
              <ol className={styles.messageList} aria-label={contact.full_name}>
                {rows}
              </ol>
            </>
          )}
        </LoadState>
      </div>

      <Sending waiting={outbox.waiting} label={text.sending} className={styles.note} />
      {outbox.refusal && (
        <div className={styles.sendError} role="alert">
          <span>{text.notSent(messageOf(outbox.refusal.failure))}</span>
          <button type="button" className={styles.link} disabled={!canSend} onClick={() => submit()}>
            {text.retry}
          </button>
        </div>
      )}
      {suspended ? (
        <Status className={styles.note}>{notices.organizationSuspended}</Status>
      ) : !contact.shares_organization ? (
        <Status className={styles.note}>{text.noSharedOrganization(contact.full_name)}</Status>
      ) : (
        !contact.accepts_messages && <p className={styles.note}>{text.notAccepting(contact.full_name)}</p>
      )}
      <form className={styles.composer} onSubmit={submit}>
        <input
          className={styles.input}
          type="text"
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={text.placeholder}
          aria-label={text.messageLabel}
          disabled={!contact.accepts_messages}
          readOnly={readOnly}
          {...form.register("content", { onChange: () => outbox.edited() })}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={!canSend}
          aria-label={outbox.waiting > 0 ? text.sending : text.send}
        >
          <SendIcon size={18} />
        </button>
      </form>
    </>
  );
}
