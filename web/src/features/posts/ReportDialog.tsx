import { type Post, postMessages } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { reportInput } from "../../../../contract/posts-input";
import { useEndpointMutation } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { fieldProps, useContractForm } from "../../ui/form/useContractForm";
import { TextAreaField } from "../../ui/TextAreaField";
import { useToast } from "../../ui/Toast";
import parts from "./ChannelParts.module.css";
import { Quote } from "./Quote";
import { sendForm } from "./sendForm";
import { text } from "./text";

/** Reporting a message to the organization's administrators, with an optional reason. */
export function ReportDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const toast = useToast();
  const form = useContractForm(reportInput, { defaultValues: { reason: "" } });
  const report = useEndpointMutation(postsEndpoints.report);
  const send = sendForm(form, async (body) => {
    const result = await report.mutateAsync({ params: { id: post.id }, body });
    toast(result.message || postMessages.reported);
  });
  return (
    <ConfirmDialog
      title={text.reportTitle}
      onClose={onClose}
      onConfirm={send}
      cancelLabel={text.cancel}
      confirmLabel={text.sendReport}
      busyLabel={text.reporting}
    >
      <p className={parts.dialogText}>{text.reportIntro}</p>
      <Quote post={post} />
      <TextAreaField label={text.reportReason} rows={3} maxLength={500} {...fieldProps(form, "reason")} />
    </ConfirmDialog>
  );
}
