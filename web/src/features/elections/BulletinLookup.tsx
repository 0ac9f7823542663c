import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { type Bulletin, type BulletinBallot, receiptMessage } from "../../../../contract/elections";
import { words } from "./bulletinText";
import { shorten } from "./format";
import { sha256Hex } from "./hash";
import { receiptsFor } from "./receipts";

export interface Match {
  positionId: string;
  ballot: BulletinBallot;
}

/** "Find your ballot": hashes a receipt in this browser and finds its ballots on the board. */
export function Lookup({
  bulletin,
  onMatches,
}: {
  bulletin: Bulletin;
  onMatches(matches: Match[] | null): void;
}) {
  const kept = useMemo(() => receiptsFor(bulletin.election.id), [bulletin.election.id]);
  const [receipt, setReceipt] = useState(() => kept[kept.length - 1]?.receipt ?? "");
  const [result, setResult] = useState<Match[] | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const byHash = useMemo(() => new Map(bulletin.ballots.map((b) => [b.receipt_hash, b])), [bulletin.ballots]);
  // A receipt this browser kept is looked up at once.
  const searched = useRef<string | null>(kept[kept.length - 1]?.receipt ?? null);

  const search = useCallback(
    async (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) return;
      setBusy(true);
      const found: Match[] = [];
      for (const position of bulletin.positions) {
        const hash = await sha256Hex(receiptMessage(trimmed, position.id));
        const ballot = byHash.get(hash);
        if (ballot && ballot.position_id === position.id) found.push({ positionId: position.id, ballot });
      }
      searched.current = trimmed;
      setResult(found);
      onMatches(found);
      setBusy(false);
    },
    [bulletin.positions, byHash, onMatches],
  );

  // A search already made is made again when the board changes (a new seal may hold the ballot).
  useEffect(() => {
    if (searched.current) void search(searched.current);
  }, [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(receipt);
  };

  const positionTitle = (id: string) => bulletin.positions.find((p) => p.id === id)?.title ?? "";
  const candidateName = (positionId: string, candidateId: string) =>
    bulletin.positions.find((p) => p.id === positionId)?.candidates.find((c) => c.id === candidateId)?.name ??
    candidateId;

  return (
    <section className="el-card el-lookup" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{words.lookupTitle}</h2>
      <p className="muted el-small">{words.lookupPrivacy}</p>
      <form onSubmit={submit} className="el-lookup-form">
        <div className="field">
          <label htmlFor={inputId}>{words.lookupLabel}</label>
          <input
            id={inputId}
            className="el-mono"
            autoComplete="off"
            spellCheck={false}
            placeholder={words.lookupPlaceholder}
            value={receipt}
            onChange={(event) => {
              setReceipt(event.target.value);
              setResult(null);
              onMatches(null);
              searched.current = null;
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !receipt.trim()}>
          {busy ? words.searching : words.lookup}
        </button>
      </form>
      {kept.length > 0 && <p className="muted el-small">{words.prefilled}</p>}
      {kept.length > 1 && (
        <div className="el-receipt-chips">
          {kept.map((item, index) => (
            <button
              key={item.receipt}
              type="button"
              className={item.receipt === receipt ? "el-chip el-chip-active" : "el-chip"}
              onClick={() => {
                setReceipt(item.receipt);
                void search(item.receipt);
              }}
            >
              {words.receiptChip(index + 1)}
            </button>
          ))}
        </div>
      )}
      {result && (
        <div className="el-lookup-result" role="status">
          {result.length === 0 ? (
            <p className="el-notice el-notice-warning">{words.notFound}</p>
          ) : (
            <ul className="el-found">
              {result.map((match) => (
                <li key={match.positionId} className="el-notice el-notice-success">
                  ✓{" "}
                  {match.ballot.candidate_id === null
                    ? words.foundSealed(positionTitle(match.positionId))
                    : words.found(
                        positionTitle(match.positionId),
                        candidateName(match.positionId, match.ballot.candidate_id),
                      )}
                  <span className="muted el-small el-mono">
                    {" "}
                    · {shorten(match.ballot.receipt_hash)} · seal {match.ballot.seal}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
