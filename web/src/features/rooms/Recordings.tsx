import type { Recording } from "../../../../contract/rooms";
import { cx } from "../../ui/cx";
import { formatDateTime } from "../../ui/format";
import { Status } from "../../ui/Status";
import { DownloadIcon, RecordIcon } from "./icons";
import styles from "./Recordings.module.css";
import parts from "./roomParts.module.css";
import { text } from "./text";

/** The session recordings saved in this channel, to download. */
export function Recordings({ recordings, uploading }: { recordings: Recording[]; uploading: boolean }) {
  return (
    <section className={parts.card} aria-labelledby="rm-recordings-title">
      <h2 id="rm-recordings-title" className={parts.cardTitle}>
        {text.recordings} <span className={parts.count}>{recordings.length}</span>
      </h2>
      {uploading && <Status className={parts.small}>{text.uploadingRecording}</Status>}
      {recordings.length === 0 && !uploading ? (
        <p className={cx("muted", parts.small)}>{text.noRecordings}</p>
      ) : (
        <ul className={cx(parts.list, styles.recordings)}>
          {recordings.map((recording) => (
            <li key={recording.id}>
              <RecordIcon size={16} />
              <span className={styles.text}>
                <span className={styles.name}>{recording.filename}</span>
                <span className={cx("muted", parts.small)}>
                  {formatDateTime(recording.created_at)} · {text.size(recording.size)}
                  {recording.uploader_name && ` · ${recording.uploader_name}`}
                </span>
              </span>
              <a className={cx("btn", parts.smallButton)} href={recording.url} download={recording.filename}>
                <DownloadIcon size={14} /> {text.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
