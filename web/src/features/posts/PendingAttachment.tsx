import type { Attachment } from "../../../../contract/posts";
import parts from "./ChannelParts.module.css";
import { fileSize } from "./format";
import { CloseIcon, FileIcon, ImageIcon } from "./icons";
import styles from "./PendingAttachment.module.css";
import { text } from "./text";
import type { Upload } from "./upload";

export type Pending =
  | { state: "uploading"; file: File; progress: number; upload: Upload }
  | { state: "ready"; file: File; attachment: Attachment };

/** The image or file chosen for the next message: its upload progress, then "uploaded"; × removes it. */
export function PendingAttachment({ pending, onRemove }: { pending: Pending; onRemove(): void }) {
  return (
    <div className={styles.pending} aria-live="polite">
      <span className={styles.pendingIcon} aria-hidden="true">
        {pending.file.type.startsWith("image/") ? <ImageIcon size={18} /> : <FileIcon size={18} />}
      </span>
      <span className={styles.pendingText}>
        <span className={styles.pendingName}>{pending.file.name}</span>
        <span className={styles.pendingMeta}>
          {fileSize(pending.file.size)} ·{" "}
          {pending.state === "uploading" ? text.uploading(Math.round(pending.progress * 100)) : text.uploaded}
        </span>
        {pending.state === "uploading" && (
          <progress
            className={styles.progress}
            max={1}
            value={pending.progress}
            aria-label={pending.file.name}
          />
        )}
      </span>
      <button
        type="button"
        className={parts.iconButton}
        aria-label={text.removeAttachment}
        title={text.removeAttachment}
        onClick={onRemove}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
