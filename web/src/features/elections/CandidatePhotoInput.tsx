import { useId, useState } from "react";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { endpointUrl } from "../../../../contract/endpoint";
import { upload } from "../../api/http";
import { initials } from "../../ui/Avatar";
import { messageOf } from "../../ui/messageOf";
import styles from "./CandidatePhotoInput.module.css";

/** What the photo upload accepts (the server checks the file's first bytes again). */
const PICTURE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

/**
 * A candidate's photo: a picture uploaded to the organization (its address then fills the field),
 * or any image address typed in; a small preview beside it and a way to take it off.
 */
export function CandidatePhotoInput({
  organizationId,
  candidateName,
  value,
  error,
  onChange,
}: {
  organizationId: string;
  /** Named in the controls' labels, so a screen reader says whose photo it is. */
  candidateName: string;
  value: string;
  /** The form's word on the address (not an image address), once checked. */
  error?: string;
  onChange(url: string): void;
}) {
  const id = useId();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const whose = candidateName.trim() || "this candidate";
  const refusal = problem ?? error;

  const send = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    setProblem(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const { url } = await upload<{ url: string }>(
        endpointUrl(electionsEndpoints.uploadCandidatePhoto, { params: { id: organizationId } }),
        form,
      );
      onChange(url);
    } catch (failure) {
      setProblem(messageOf(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.photo}>
      <div className={styles.preview} aria-hidden="true">
        {value && broken !== value ? (
          <img src={value} alt="" onError={() => setBroken(value)} />
        ) : (
          <span>{whose === "this candidate" ? "?" : initials(whose)}</span>
        )}
      </div>
      <div className={styles.controls}>
        <div className="field">
          <label htmlFor={`${id}-url`}>Photo</label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            maxLength={2000}
            placeholder="Upload a picture or type its address"
            value={value}
            aria-describedby={`${id}-hint`}
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          <span
            id={`${id}-hint`}
            className={refusal ? "hint invalid" : "hint"}
            role={refusal ? "alert" : undefined}
          >
            {refusal ?? (sending ? "Uploading…" : "PNG, JPEG, GIF or WebP, 10 MB at most.")}
          </span>
        </div>
        <div className={styles.buttons}>
          {/* The file input itself is hidden; its label is the button a keyboard reaches. */}
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={PICTURE_TYPES}
            disabled={sending}
            aria-label={`Upload a photo of ${whose}`}
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <label htmlFor={`${id}-file`} className="btn">
            {sending ? "Uploading…" : "Upload photo"}
          </label>
          {value && (
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={`Remove photo of ${whose}`}
              onClick={() => onChange("")}
            >
              Remove photo
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
