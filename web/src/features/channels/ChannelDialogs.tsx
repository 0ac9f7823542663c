import { useId, useMemo } from "react";
import type { z } from "zod";
import { CHANNEL_NAME_MAX, type Channel } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { updateChannelInput } from "../../../../contract/channels-input";
import { messages } from "../../../../contract/messages";
import { useEndpointMutation } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Field } from "../../ui/Field";
import { fieldProps, formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { text } from "../workspace/text";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./ChannelDialogs.module.css";

/** A new name: the contract's rule for a channel name (non-blank, at most 50), and not the current one. */
export const renameSchema = (current: string) =>
  updateChannelInput
    .pick({ name: true })
    .required()
    .refine(({ name }) => name !== current, { path: ["name"], error: messages.renameSame });

/** Edit: renames the channel; the server's refusal (a taken name) is shown in the dialog, once (no toast beside it). */
export function RenameDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const { replaceChannel } = useWorkspace();
  const toast = useToast();
  const schema = useMemo(() => renameSchema(channel.name), [channel.name]);
  // Checked as it is typed: Save waits for a valid, different name.
  const form = useContractForm(schema, { mode: "onChange", defaultValues: { name: channel.name } });
  const rename = useEndpointMutation(channelsEndpoints.update, {
    onSuccess: (result) => {
      replaceChannel(result.channel);
      toast(result.message);
      onClose();
    },
  });
  const { isSubmitting: busy, isValid } = form.formState;
  const refused = formError(form);
  const formId = useId();
  const submit = submitting(form, (body: z.output<typeof schema>) =>
    rename.mutateAsync({ params: { id: channel.id }, body }),
  );

  return (
    <Modal
      title={text.renameTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !isValid}>
            {busy ? text.saving : text.save}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {refused && (
          <div className="alert alert-error" role="alert">
            {text.renameFailed + refused}
          </div>
        )}
        <Field
          label={text.channelName}
          maxLength={CHANNEL_NAME_MAX}
          autoComplete="off"
          hint={`${form.watch("name").trim().length}/${CHANNEL_NAME_MAX}`}
          {...fieldProps(form, "name")}
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
  const remove = useEndpointMutation(channelsEndpoints.remove, {
    onSuccess: (result) => {
      toast(result.message);
      onDeleted();
      onClose();
      void refreshChannels().catch(() => undefined);
    },
    onError: (error) => toast(text.deleteFailed + messageOf(error), "error"),
  });

  return (
    <ConfirmDialog
      title={text.deleteTitle}
      onClose={onClose}
      onConfirm={() => void remove.mutate({ params: { id: channel.id } })}
      busy={remove.isPending}
      cancelLabel={text.cancel}
      confirmLabel={text.delete}
      busyLabel={text.deleting}
    >
      <p className={styles.text}>{messages.deleteConfirm(channel.name)}</p>
    </ConfirmDialog>
  );
}
