import { useEffect, useRef } from "react";
import type { Attachment } from "../../../../contract/posts";
import styles from "./ImageViewer.module.css";
import { CloseIcon } from "./icons";
import { text } from "./text";

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
    <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={attachment.filename}>
      <button
        type="button"
        className={styles.viewerBackdrop}
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
      />
      <figure className={styles.viewerFigure}>
        <img className={styles.viewerImage} src={attachment.url} alt={attachment.filename} />
        <figcaption>
          <span>{attachment.filename}</span>
          <a href={attachment.url} target="_blank" rel="noopener noreferrer">
            {text.openOriginal}
          </a>
        </figcaption>
      </figure>
      <button
        ref={close}
        type="button"
        className={styles.viewerClose}
        aria-label={text.closeImage}
        onClick={onClose}
      >
        <CloseIcon size={22} />
      </button>
    </div>
  );
}
