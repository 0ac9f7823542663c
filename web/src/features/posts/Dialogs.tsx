import { useEffect, useId, useRef, useState } from "react";
import type { Attachment, Post } from "../../../../contract/posts";
import { authorName, postMessages, postsEndpoints } from "../../../../contract/posts";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { type Dialog, useChannel } from "./context";
import { CloseIcon } from "./icons";
import { text } from "./text";

function Quote({ post }: { post: Post }) {
  return (
    <blockquote className="tc-quote">
      <strong>{authorName(post.author)}</strong>
      <span>{post.content || post.attachment?.filename}</span>
    </blockquote>
  );
}

function DeleteDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const { actions } = useChannel();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await actions.remove(post.id);
      toast(text.messageDeleted);
      onClose();
    } catch (failure) {
      toast(messageOf(failure), "error");
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={text.deleteTitle}
      onClose={onClose}
      onConfirm={() => void confirm()}
      busy={busy}
      cancelLabel={text.cancel}
      confirmLabel={text.delete}
      busyLabel={text.deleting}
    >
      <p className="tc-dialog-text">{text.deleteConfirm}</p>
      <Quote post={post} />
    </ConfirmDialog>
  );
}

function ForwardDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const { forwardTargets } = useChannel();
  const toast = useToast();
  const [target, setTarget] = useState(forwardTargets[0]?.id ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const submit = async () => {
    const channel = forwardTargets.find((item) => item.id === target);
    if (!channel) return;
    setBusy(true);
    setError(null);
    try {
      await call(postsEndpoints.forward, { params: { id: post.id }, body: { channel_id: channel.id } });
      toast(text.forwarded(channel.name));
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={text.forwardTitle}
      onClose={onClose}
      onConfirm={() => void submit()}
      busy={busy}
      cancelLabel={text.cancel}
      confirmLabel={text.forward}
      busyLabel={text.forwarding}
      tone="primary"
      confirmDisabled={!target}
    >
      <p className="tc-dialog-text">{text.forwardIntro}</p>
      <Quote post={post} />
      {forwardTargets.length === 0 ? (
        <p className="muted">{text.forwardNone}</p>
      ) : (
        <fieldset className="tc-forward-list">
          <legend className="visually-hidden">{text.forwardTitle}</legend>
          {forwardTargets.map((channel) => (
            <label key={channel.id} className="tc-forward-option">
              <input
                type="radio"
                name={name}
                value={channel.id}
                checked={target === channel.id}
                onChange={() => setTarget(channel.id)}
              />
              <span># {channel.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

function ReportDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const toast = useToast();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await call(postsEndpoints.report, {
        params: { id: post.id },
        body: { reason: reason.trim() },
      });
      toast(result.message || postMessages.reported);
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={text.reportTitle}
      onClose={onClose}
      onConfirm={() => void submit()}
      busy={busy}
      cancelLabel={text.cancel}
      confirmLabel={text.sendReport}
      busyLabel={text.reporting}
    >
      <p className="tc-dialog-text">{text.reportIntro}</p>
      <Quote post={post} />
      <div className="field">
        <label htmlFor={id}>{text.reportReason}</label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** An image at full size over the page; Escape, the close button or a click outside closes it. */
export function ImageViewer({ attachment, onClose }: { attachment: Attachment; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="tc-viewer" role="dialog" aria-modal="true" aria-label={attachment.filename}>
      <button
        type="button"
        className="tc-viewer-backdrop"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
      />
      <figure className="tc-viewer-figure">
        <img className="tc-viewer-image" src={attachment.url} alt={attachment.filename} />
        <figcaption>
          <span className="tc-viewer-name">{attachment.filename}</span>
          <a href={attachment.url} target="_blank" rel="noopener noreferrer">
            {text.openOriginal}
          </a>
        </figcaption>
      </figure>
      <button
        ref={close}
        type="button"
        className="tc-viewer-close"
        aria-label={text.closeImage}
        onClick={onClose}
      >
        <CloseIcon size={22} />
      </button>
    </div>
  );
}

export function Dialogs({ dialog, onClose }: { dialog: Dialog | null; onClose(): void }) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case "delete":
      return <DeleteDialog post={dialog.post} onClose={onClose} />;
    case "forward":
      return <ForwardDialog post={dialog.post} onClose={onClose} />;
    case "report":
      return <ReportDialog post={dialog.post} onClose={onClose} />;
    case "image":
      return <ImageViewer attachment={dialog.attachment} onClose={onClose} />;
  }
}
