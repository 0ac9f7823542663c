import { useId, useRef, useState } from "react";
import {
  invitationsEndpoints,
  VOTER_LIST_MAX_CHARS,
  VOTER_LIST_PROBLEMS,
  type VoterListPreview,
  voterListMessages,
} from "../../../../contract/invitations";
import { useEndpointMutation } from "../../api/query";
import { Badge } from "../../ui/Badge";
import { Email } from "../../ui/Email";
import { formatCount } from "../../ui/format";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { Table } from "../../ui/Table";
import { utf8Text } from "./csvFile";
import styles from "./VoterListPanel.module.css";

/** Upload (read in the browser, checked by the server), the preview with each row's problems, then Send invitations. */
export function VoterListImport({
  organizationId,
  onSent,
}: {
  organizationId: string;
  onSent(message: string): void;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ filename: string; csv: string } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const params = { id: organizationId };
  const preview = useEndpointMutation(invitationsEndpoints.preview);
  const send = useEndpointMutation(invitationsEndpoints.send);

  async function choose(chosen: File | undefined) {
    setReadError(null);
    preview.reset();
    send.reset();
    setFile(null);
    if (!chosen) return;
    if (chosen.size > VOTER_LIST_MAX_CHARS * 2) {
      setReadError(voterListMessages.tooLarge);
      return;
    }
    const csv = utf8Text(new Uint8Array(await chosen.arrayBuffer()));
    if (csv === null) {
      setReadError(voterListMessages.notUtf8Text);
      return;
    }
    const body = { filename: chosen.name, csv };
    setFile(body);
    preview.mutate({ params, body });
  }

  function clear() {
    setFile(null);
    preview.reset();
    send.reset();
    if (fileInput.current) fileInput.current.value = "";
  }

  async function sendAll() {
    if (!file) return;
    const sent = await send.mutateAsync({ params, body: file }).catch(() => null);
    if (!sent) return;
    clear();
    onSent(sent.message);
  }

  const error =
    readError ?? (preview.error ? messageOf(preview.error) : send.error ? messageOf(send.error) : null);
  return (
    <div className={styles.import}>
      <div className="field">
        <label htmlFor={inputId}>Upload CSV</label>
        <input
          id={inputId}
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {preview.isPending && <Status>Checking the list...</Status>}
      {preview.data && file && (
        <PreviewTable
          preview={preview.data}
          filename={file.filename}
          sending={send.isPending}
          onSend={() => void sendAll()}
          onCancel={clear}
        />
      )}
    </div>
  );
}

function PreviewTable({
  preview,
  filename,
  sending,
  onSend,
  onCancel,
}: {
  preview: VoterListPreview;
  filename: string;
  sending: boolean;
  onSend(): void;
  onCancel(): void;
}) {
  return (
    <div className={styles.preview}>
      <Status className={styles.summary}>
        <strong>{filename}</strong>: {formatCount(preview.good)} ready to invite
        {preview.bad > 0 && `, ${formatCount(preview.bad)} with problems (not invited)`}.
      </Status>
      <Table compact label={`Preview of ${filename}`}>
        <thead>
          <tr>
            <th scope="col" className={styles.line}>
              Line
            </th>
            <th scope="col">Voter</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line} className={row.problems.length ? styles.badRow : undefined}>
              <td className={styles.line}>{row.line}</td>
              <td>
                <span className={styles.who}>
                  <strong>{row.full_name || <span className="muted">(no name)</span>}</strong>
                  <span className={styles.email}>
                    {row.email ? <Email address={row.email} /> : "(no e-mail)"}
                  </span>
                  {row.phone_number && <span className={styles.email}>{row.phone_number}</span>}
                </span>
              </td>
              <td>
                {row.problems.length === 0 ? (
                  <Badge tone="green">Ready</Badge>
                ) : (
                  <ul className={styles.problems}>
                    {row.problems.map((problem) => (
                      <li key={problem}>{VOTER_LIST_PROBLEMS[problem]}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onSend}
          disabled={sending || preview.good === 0}
        >
          {sending ? "Sending..." : `Send invitations (${formatCount(preview.good)})`}
        </button>
      </div>
    </div>
  );
}
