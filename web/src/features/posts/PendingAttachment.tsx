import type { Attachment } from "../../../../contract/posts";
import { fileSize } from "./format";
import { CloseIcon, FileIcon, ImageIcon } from "./icons";
import { text } from "./text";
import type { Upload } from "./upload";

export type Pending =
  | { state: "uploading"; file: File; progress: number; upload: Upload }
  | { state: "ready"; file: File; attachment: Attachment };

/** The image or file chosen for the next message: its upload progress, then "uploaded"; × removes it. */
export function PendingAttachment({ pending, onRemove }: { pending: Pending; onRemove(): void }) {
  return (
    <div className="tc-pending" aria-live="polite">
      <span className="tc-pending-icon" aria-hidden="true">
        {pending.file.type.startsWith("image/") ? <ImageIcon size={18} /> : <FileIcon size={18} />}
      </span>
      <span className="tc-pending-text">
        <span className="tc-pending-name">{pending.file.name}</span>
        <span className="tc-pending-meta">
          {fileSize(pending.file.size)} ·{" "}
          {pending.state === "uploading" ? text.uploading(Math.round(pending.progress * 100)) : text.uploaded}
        </span>
        {pending.state === "uploading" && (
          <progress className="tc-progress" max={1} value={pending.progress} aria-label={pending.file.name} />
        )}
      </span>
      <button
        type="button"
        className="tc-icon-button"
        aria-label={text.removeAttachment}
        title={text.removeAttachment}
        onClick={onRemove}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
