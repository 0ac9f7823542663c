import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { z } from "zod";
import {
  type Bulletin,
  type BulletinBallot,
  ballotTag,
  chainKeyMessage,
  receiptMessage,
  typedReceipt,
} from "../../../../contract/bulletin";
import { cx } from "../../ui/cx";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { useAuth } from "../accounts/AuthProvider";
import styles from "./BulletinLookup.module.css";
import { boardAnswer } from "./boardBallots";
import { words } from "./bulletinText";
import shared from "./elections.module.css";
import { shorten } from "./format";
import { sha256Hex } from "./hash";
import { receiptsFor } from "./receipts";
import { ballotHashOf, type Check, sealedAnswer } from "./sealCheck";

/** A receipt to look up (checked in this browser only: nothing is sent). */
const lookupInput = z.object({
  receipt: z
    .string()
    .trim()
    .min(1)
    .refine((typed) => typedReceipt(typed) !== null, { error: words.notAReceipt }),
});

export interface Match {
  positionId: string;
  /** The seal holding the ballot (found by its tag); null when its answer is published but no seal holds it. */
  seal: number | null;
  /** Its answer once published (by its receipt hash); null before. */
  ballot: BulletinBallot | null;
  /** Whether the seal's hash of the ballot holds that answer (null until it is published). */
  holds: boolean | null;
}

/**
 * "Find your ballot": from a receipt, in this browser, each question's ballot tag (found in a seal),
 * receipt hash (found among the published answers) and chain key, with which the seal's hash of the
 * ballot is checked to hold the published answer: only the receipt's holder can tie the two.
 */
export function Lookup({
  bulletin,
  check,
  onMatches,
}: {
  bulletin: Bulletin;
  /** The page's seal check: a record the chain does not hold together is never shown as sound. */
  check: Check;
  onMatches(matches: Match[] | null): void;
}) {
  // The signed-in voter's receipts (signed out: none, though the board is public).
  const { user } = useAuth();
  const kept = useMemo(() => receiptsFor(user?.id, bulletin.election.id), [user?.id, bulletin.election.id]);
  const form = useContractForm(lookupInput, {
    defaultValues: { receipt: kept[kept.length - 1]?.receipt ?? "" },
  });
  const receipt = form.watch("receipt");
  const [result, setResult] = useState<Match[] | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const byHash = useMemo(() => new Map(bulletin.ballots.map((b) => [b.receipt_hash, b])), [bulletin.ballots]);
  // The answers are published with the results (not for a cancelled election whose results are hidden).
  const published = bulletin.results !== null;
  const byTag = useMemo(() => {
    const tags = new Map<string, { seal: number; hash: string }>();
    for (const { seal, tags: sealTags, hashes } of bulletin.sealed)
      for (const [i, tag] of sealTags.entries()) tags.set(tag, { seal, hash: hashes[i] ?? "" });
    return tags;
  }, [bulletin.sealed]);
  /** The first of the keys whose tag a seal lists, with where. */
  const keyAndSeal = useCallback(
    async (keys: string[]): Promise<[string, { seal: number; hash: string } | undefined]> => {
      for (const key of keys) {
        const sealed = byTag.get(ballotTag(await sha256Hex(key)));
        if (sealed) return [key, sealed];
      }
      return [keys[0] ?? "", undefined];
    },
    [byTag],
  );
  // A receipt this browser kept is looked up at once.
  const searched = useRef<string | null>(kept[kept.length - 1]?.receipt ?? null);

  const search = useCallback(
    async (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) return;
      const receipt = typedReceipt(trimmed) ?? trimmed;
      setBusy(true);
      const found: Match[] = [];
      for (const position of bulletin.positions) {
        const receiptHash = await sha256Hex(receiptMessage(receipt, position.id));
        const chainKey = await sha256Hex(chainKeyMessage(receipt, position.id));
        // A ballot cast before chain keys were kept has its receipt hash for its key.
        const [key, sealed] = await keyAndSeal([chainKey, receiptHash]);
        const published = byHash.get(receiptHash);
        const ballot = published?.position_id === position.id ? published : null;
        if (!sealed) {
          // Published, yet in no seal: the chain does not hold it.
          if (ballot) found.push({ positionId: position.id, seal: null, ballot, holds: false });
          continue;
        }
        const holds = ballot
          ? (await ballotHashOf(bulletin.election.id, position.id, ballot, key)) === sealed.hash
          : null;
        found.push({ positionId: position.id, seal: sealed.seal, ballot, holds });
      }
      searched.current = trimmed;
      setResult(found);
      onMatches(found);
      setBusy(false);
    },
    [bulletin.election.id, bulletin.positions, byHash, keyAndSeal, onMatches],
  );

  // A search already made is made again when the board changes (a new seal may hold the ballot).
  useEffect(() => {
    if (searched.current) void search(searched.current);
  }, [search]);

  const submit = submitting(form, (values) => search(values.receipt));
  const typed = form.register("receipt", {
    onChange: () => {
      setResult(null);
      onMatches(null);
      searched.current = null;
    },
  });

  const invalid = form.formState.errors.receipt?.message;

  /**
   * What this browser kept as the voter's answer to the match's question, in words, when the record
   * differs from it (the receipt's own voter sees a ballot changed after it was cast); else null.
   */
  const mine = result ? kept.find((item) => item.receipt === typedReceipt(receipt)) : undefined;
  const keptDiffers = (match: Match): string | null => {
    const position = bulletin.positions.find((p) => p.id === match.positionId);
    const chosen = mine?.choices[match.positionId];
    const answer = mine?.answers?.[match.positionId];
    if (!position || !match.ballot || (!chosen && !answer)) return null;
    const keptBallot = { candidate_id: chosen ?? null, ballot: chosen ? null : (answer ?? null) };
    if (sealedAnswer(keptBallot) === sealedAnswer(match.ballot)) return null;
    return words.notYourChoice(position.title, boardAnswer(position, keptBallot) ?? "");
  };

  const foundText = (match: Match) => {
    const position = bulletin.positions.find((p) => p.id === match.positionId);
    if (!position) return "";
    if (match.seal === null) return words.inNoSeal(position.title);
    if (match.holds === false) return words.hashDiffers(position.title, match.seal);
    const answer = match.ballot ? boardAnswer(position, match.ballot) : null;
    if (answer === null || !match.ballot)
      return published
        ? words.answerMissing(position.title, match.seal)
        : words.foundSealed(position.title, match.seal);
    return match.ballot.candidate_id !== null
      ? words.found(position.title, answer, match.seal)
      : words.foundAnswer(position.title, answer, match.seal);
  };

  return (
    <section className={shared.card} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{words.lookupTitle}</h2>
      <p className={cx("muted", shared.small)}>{words.lookupPrivacy}</p>
      <form onSubmit={submit} className={styles.lookupForm}>
        <div className="field">
          <label htmlFor={inputId}>{words.lookupLabel}</label>
          <input
            id={inputId}
            className={shared.mono}
            autoComplete="off"
            spellCheck={false}
            placeholder={words.lookupPlaceholder}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            {...typed}
          />
          {invalid && (
            <span id={`${inputId}-error`} className="hint invalid" role="alert">
              {invalid}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !receipt.trim()}>
          {busy ? words.searching : words.lookup}
        </button>
      </form>
      {kept.some((item) => item.receipt === receipt) && (
        <p className={cx("muted", shared.small)}>{words.prefilled}</p>
      )}
      {kept.length > 1 && (
        <div className={styles.receiptChips}>
          {kept.map((item, index) => (
            <button
              key={item.receipt}
              type="button"
              className={item.receipt === receipt ? cx(styles.chip, styles.chipActive) : styles.chip}
              onClick={() => {
                form.setValue("receipt", item.receipt);
                void search(item.receipt);
              }}
            >
              {words.receiptChip(index + 1)}
            </button>
          ))}
        </div>
      )}
      {result && (
        <Status as="div">
          {result.length === 0 ? (
            <p className={cx(shared.notice, shared.noticeWarning)}>
              {/* Once the answers are out every ballot is sealed: no next seal will bring it. */}
              {published ? words.notFoundSealed : words.notFound}
            </p>
          ) : (
            <ul className={styles.found}>
              {result.map((match) => {
                const differs = keptDiffers(match);
                const sound =
                  match.holds !== false &&
                  (match.ballot || !published) &&
                  !differs &&
                  check.state !== "problems";
                return (
                  <li
                    key={match.positionId}
                    className={cx(shared.notice, sound ? shared.noticeSuccess : shared.noticeWarning)}
                  >
                    {sound ? "✓ " : "⚠ "}
                    {foundText(match)}
                    {differs && `. ${differs}`}
                    {check.state === "problems" && `. ${words.boardBroken}`}
                    {match.ballot && (
                      <span className={cx("muted", shared.small, shared.mono)}>
                        {" "}
                        · {shorten(match.ballot.receipt_hash)}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Status>
      )}
    </section>
  );
}
