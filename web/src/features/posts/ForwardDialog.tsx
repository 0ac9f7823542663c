import type { Post } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { forwardInput } from "../../../../contract/posts-input";
import { useEndpointMutation } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useContractForm } from "../../ui/form/useContractForm";
import { useToast } from "../../ui/Toast";
import parts from "./ChannelParts.module.css";
import { useChannel } from "./context";
import styles from "./ForwardDialog.module.css";
import { Quote } from "./Quote";
import { sendForm } from "./sendForm";
import { text } from "./text";

/** Forwarding a message to another text channel the viewer may post in. */
export function ForwardDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const { forwardTargets } = useChannel();
  const toast = useToast();
  const form = useContractForm(forwardInput, { defaultValues: { channel_id: forwardTargets[0]?.id ?? "" } });
  const forward = useEndpointMutation(postsEndpoints.forward);
  const target = form.watch("channel_id");
  const send = sendForm(form, async (body) => {
    await forward.mutateAsync({ params: { id: post.id }, body });
    const channel = forwardTargets.find((item) => item.id === body.channel_id);
    toast(text.forwarded(channel?.name ?? ""));
  });
  return (
    <ConfirmDialog
      title={text.forwardTitle}
      onClose={onClose}
      onConfirm={send}
      cancelLabel={text.cancel}
      confirmLabel={text.forward}
      busyLabel={text.forwarding}
      tone="primary"
      confirmDisabled={!target}
    >
      <p className={parts.dialogText}>{text.forwardIntro}</p>
      <Quote post={post} />
      {forwardTargets.length === 0 ? (
        <p className="muted">{text.forwardNone}</p>
      ) : (
        <fieldset className={styles.forwardList}>
          <legend className="visually-hidden">{text.forwardTitle}</legend>
          {forwardTargets.map((channel) => (
            <label key={channel.id} className={styles.forwardOption}>
              <input type="radio" value={channel.id} {...form.register("channel_id")} />
              <span># {channel.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
