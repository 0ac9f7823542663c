import type { Attachment } from "../../../../contract/posts";
import styles from "./Attachment.module.css";
import parts from "./ChannelParts.module.css";
import { useChannel } from "./context";
import { extensionOf, fileSize } from "./format";
import { DownloadIcon, FileIcon } from "./icons";
import { text } from "./text";

/** An image inline (click for full size) or a file as a download card. */
export function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { open } = useChannel();
  if (attachment.is_image) {
    return (
      <button
        type="button"
        className={parts.attachmentImage}
        aria-label={text.openImage(attachment.filename)}
        onClick={() => open({ kind: "image", attachment })}
      >
        <img src={attachment.url} alt={attachment.filename} loading="lazy" />
      </button>
    );
  }
  return <FileCard attachment={attachment} />;
}

export function FileCard({ attachment, note }: { attachment: Attachment; note?: string }) {
  const name = attachment.filename || text.unknownFile;
  const extension = extensionOf(name).toUpperCase();
  return (
    <div className={styles.fileCard}>
      <span className={styles.fileIcon} aria-hidden="true">
        <FileIcon size={22} />
        {extension && <span className={styles.fileExt}>{extension.slice(0, 4)}</span>}
      </span>
      <span className={styles.fileText}>
        <span className={styles.fileName}>{name}</span>
        <span className={styles.fileMeta}>
          {note ?? `${fileSize(attachment.size)}${extension ? ` · ${extension}` : ""}`}
        </span>
      </span>
      <a
        className={styles.fileDownload}
        href={attachment.url}
        download={name}
        aria-label={`${text.download} ${name}`}
        title={text.download}
      >
        <DownloadIcon size={18} />
      </a>
    </div>
  );
}
