import type { Recording } from "../../../../contract/rooms";
import { formatDateTime } from "../../ui/format";
import { DownloadIcon, RecordIcon } from "./icons";
import { text } from "./text";

/** The session recordings saved in this channel, to download. */
export function Recordings({ recordings, uploading }: { recordings: Recording[]; uploading: boolean }) {
  return (
    <section className="rm-card" aria-labelledby="rm-recordings-title">
      <h2 id="rm-recordings-title" className="rm-card-title">
        {text.recordings} <span className="rm-count">{recordings.length}</span>
      </h2>
      {uploading && (
        <p className="rm-small" role="status">
          {text.uploadingRecording}
        </p>
      )}
      {recordings.length === 0 && !uploading ? (
        <p className="muted rm-small">{text.noRecordings}</p>
      ) : (
        <ul className="rm-recordings">
          {recordings.map((recording) => (
            <li key={recording.id}>
              <RecordIcon size={16} />
              <span className="rm-recording-text">
                <span className="rm-recording-name">{recording.filename}</span>
                <span className="muted rm-small">
                  {formatDateTime(recording.created_at)} · {text.size(recording.size)}
                  {recording.uploader_name && ` · ${recording.uploader_name}`}
                </span>
              </span>
              <a className="btn btn-small" href={recording.url} download={recording.filename}>
                <DownloadIcon size={14} /> {text.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
