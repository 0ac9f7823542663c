import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX, type ChatContact, type DirectMessage } from "../../../../contract/chat";
import { Avatar } from "../../ui/Avatar";
import { dayKey, dayLabel, timeOf } from "../posts/format";
import { PresenceDot } from "./ContactList";
import { BackIcon, CloseIcon, SendIcon } from "./icons";
import { text } from "./text";
import { useConversation } from "./useConversation";

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
    <li className={mine ? "chat-msg chat-msg-mine" : "chat-msg"}>
      <div className="chat-bubble">
        <span className="visually-hidden">{sender}: </span>
        {message.content}
      </div>
      <div className="chat-meta">
        <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
        {seen && <span> · {text.seen}</span>}
      </div>
    </li>
  );
}

/** The panel's second view: one conversation, its messages (mine on the right) and the composer. */
export function ConversationView({ me, contact, reading, onBack, onClose, onRead, onSent }: Props) {
  const chat = useConversation({ me, otherId: contact.id, reading, onRead });
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const canSend = draft.trim() !== "" && !chat.sending && contact.accepts_messages;

  useEffect(() => {
    input.current?.focus();
  }, []);

  // New messages scroll into view when the user is at the end; earlier pages keep the place.
  const previous = useRef({ count: 0, height: 0, first: "" });
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const first = chat.messages[0]?.id ?? "";
    const grewAtTop = previous.current.first !== "" && first !== previous.current.first;
    if (grewAtTop) box.scrollTop += box.scrollHeight - previous.current.height;
    else if (stickToEnd.current) box.scrollTop = box.scrollHeight;
    previous.current = { count: chat.messages.length, height: box.scrollHeight, first };
  }, [chat.messages]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    stickToEnd.current = true;
    const sent = await chat.send(draft.trim());
    // Only a stored message clears the box; a failure keeps the text to send again.
    if (sent) {
      setDraft("");
      onSent(sent);
    }
    input.current?.focus();
  };

  const lastMine = [...chat.messages].reverse().find((m) => m.sender_id === me);
  // A divider before the first message of each day, then the messages.
  const rows: ReactNode[] = [];
  let day = "";
  for (const message of chat.messages) {
    const key = dayKey(message.created_at);
    if (key !== day) {
      rows.push(
        <li key={`day-${key}`} className="chat-day" aria-hidden="true">
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
      <header className="chat-head chat-head-conversation">
        <button type="button" className="chat-icon-button" aria-label={text.back} onClick={onBack}>
          <BackIcon size={20} />
        </button>
        <span className="chat-avatar">
          <Avatar name={contact.full_name} size={34} />
          <PresenceDot online={contact.online} />
        </span>
        <div className="chat-head-text">
          <h2 className="chat-title">{contact.full_name}</h2>
          <span className="chat-head-sub">{contact.online ? text.online : text.offline}</span>
        </div>
        <button type="button" className="chat-icon-button" aria-label={text.closeChat} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      </header>

      <div
        ref={list}
        className="chat-messages"
        onScroll={(event) => {
          const box = event.currentTarget;
          stickToEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        {chat.status === "loading" && (
          <p className="chat-empty" role="status">
            {text.loading}
          </p>
        )}
        {chat.status === "error" && (
          <div className="chat-problem" role="alert">
            <p>
              <strong>{text.conversationFailed}</strong>
              <br />
              {chat.error}
            </p>
            <button type="button" className="btn btn-primary" onClick={() => void chat.reload()}>
              {text.retry}
            </button>
          </div>
        )}
        {chat.status === "ready" && chat.messages.length === 0 && (
          <p className="chat-empty">{text.noMessages}</p>
        )}
        {chat.status === "ready" && chat.hasMore && (
          <div className="chat-earlier">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={chat.earlier.loading}
              onClick={() => void chat.loadEarlier()}
            >
              {chat.earlier.loading ? text.loadingEarlier : text.earlier}
            </button>
            {chat.earlier.error && (
              <p className="chat-error" role="alert">
                {text.earlierFailed}: {chat.earlier.error}
              </p>
            )}
          </div>
        )}
        {chat.messages.length > 0 && (
          <ol className="chat-message-list" aria-label={contact.full_name}>
            {rows}
          </ol>
        )}
      </div>

      {chat.sendError && (
        <div className="chat-send-error" role="alert">
          <span>{text.notSent(chat.sendError)}</span>
          <button type="button" className="chat-link" disabled={!canSend} onClick={() => void submit()}>
            {text.retry}
          </button>
        </div>
      )}
      {!contact.accepts_messages && <p className="chat-note">{text.notAccepting(contact.full_name)}</p>}
      <form className="chat-composer" onSubmit={(event) => void submit(event)}>
        <input
          ref={input}
          className="chat-input"
          type="text"
          value={draft}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={text.placeholder}
          aria-label={text.messageLabel}
          disabled={!contact.accepts_messages}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className="chat-send"
          disabled={!canSend}
          aria-label={chat.sending ? text.sending : text.send}
        >
          <SendIcon size={18} />
        </button>
      </form>
    </>
  );
}
