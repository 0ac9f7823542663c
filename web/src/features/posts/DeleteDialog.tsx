import type { Post } from "../../../../contract/posts";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useToast } from "../../ui/Toast";
import parts from "./ChannelParts.module.css";
import { useChannel } from "./context";
import { Quote } from "./Quote";
import { text } from "./text";

/** Deleting a message (its author's, or any for an administrator), after asking. */
export function DeleteDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const { actions } = useChannel();
  const toast = useToast();
  return (
    <ConfirmDialog
      title={text.deleteTitle}
      onClose={onClose}
      onConfirm={() => actions.remove(post.id).then(() => toast(text.messageDeleted))}
      cancelLabel={text.cancel}
      confirmLabel={text.delete}
      busyLabel={text.deleting}
    >
      <p className={parts.dialogText}>{text.deleteConfirm}</p>
      <Quote post={post} />
    </ConfirmDialog>
  );
}
