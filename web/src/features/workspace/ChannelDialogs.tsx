import { type FormEvent, useId, useState } from "react";
import { CHANNEL_NAME_MAX, type Channel, channelsEndpoints } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { text } from "./text";
import { useWorkspace } from "./WorkspaceContext";

/** What is wrong with a new name, if anything (spec: non-blank, different, at most 50). */
export function renameProblem(name: string, current: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return messages.channelNameRequired;
  if (trimmed.length > CHANNEL_NAME_MAX) return messages.channelNameTooLong;
  if (trimmed === current) return messages.renameSame;
  return null;
}

/** Edit: renames the channel; the server's refusal (a taken name) is shown in the dialog. */
export function RenameDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const { replaceChannel } = useWorkspace();
  const toast = useToast();
  const formId = useId();
  const [name, setName] = useState(channel.name);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = renameProblem(name, channel.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await call(channelsEndpoints.update, {
        params: { id: channel.id },
        body: { name: name.trim() },
      });
      replaceChannel(result.channel);
      toast(result.message);
      onClose();
    } catch (error) {
      const said = text.renameFailed + messageOf(error);
      setFailure(said);
      toast(said, "error");
      setBusy(false);
    }
  };

  return (
    <Modal
      title={text.renameTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !!problem}>
            {busy ? text.saving : text.save}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <Field
          label={text.channelName}
          value={name}
          maxLength={CHANNEL_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
            setFailure(null);
          }}
          invalid={touched && !!problem}
          hint={touched && problem ? problem : `${name.trim().length}/${CHANNEL_NAME_MAX}`}
        />
      </form>
    </Modal>
  );
}

/** Delete: asks first, in the spec's words (cannot be undone, deletes all messages). */
export function DeleteDialog({
  channel,
  onClose,
  onDeleted,
}: {
  channel: Channel;
  onClose(): void;
  onDeleted(): void;
}) {
  const { refreshChannels } = useWorkspace();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await call(channelsEndpoints.remove, { params: { id: channel.id } });
      toast(result.message);
      onDeleted();
      onClose();
      await refreshChannels().catch(() => undefined);
    } catch (error) {
      toast(text.deleteFailed + messageOf(error), "error");
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
      <p className="ws-dialog-text">{messages.deleteConfirm(channel.name)}</p>
    </ConfirmDialog>
  );
}
