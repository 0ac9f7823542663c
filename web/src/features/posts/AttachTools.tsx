import { useRef } from "react";
import { FILE_EXTENSIONS } from "../../../../contract/posts";
import styles from "./AttachTools.module.css";
import parts from "./ChannelParts.module.css";
import { ImageIcon, PaperclipIcon } from "./icons";
import { text } from "./text";

const FILE_ACCEPT = FILE_EXTENSIONS.map((extension) => `.${extension}`).join(",");

/** The composer's "Image" and "File" buttons, each opening the browser's file chooser. */
export function AttachTools({ onPick }: { onPick(file: File | undefined, kind: "image" | "file"): void }) {
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={parts.tool}
        aria-label={text.attachImageLabel}
        title={text.attachImageLabel}
        onClick={() => imageInput.current?.click()}
      >
        <ImageIcon size={18} />
        <span className={styles.toolLabel}>{text.attachImage}</span>
      </button>
      <button
        type="button"
        className={parts.tool}
        aria-label={text.attachFileLabel}
        title={text.attachFileLabel}
        onClick={() => fileInput.current?.click()}
      >
        <PaperclipIcon size={18} />
        <span className={styles.toolLabel}>{text.attachFile}</span>
      </button>
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          onPick(event.target.files?.[0], "image");
          event.target.value = "";
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept={FILE_ACCEPT}
        hidden
        onChange={(event) => {
          onPick(event.target.files?.[0], "file");
          event.target.value = "";
        }}
      />
    </>
  );
}
