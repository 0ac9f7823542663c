import { useEffect, useMemo, useState } from "react";
import type { Bulletin } from "../../../../contract/bulletin";
import { VERIFIER_FILE } from "../../../../contract/bulletin-check";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { endpointUrl } from "../../../../contract/endpoint";
import { useEndpointQuery } from "../../api/query";
import { Link, useParams } from "../../router";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { Table } from "../../ui/Table";
import { BoardPager } from "./BoardPager";
import { Lookup, type Match } from "./BulletinLookup";
import styles from "./BulletinPage.module.css";
import { PAGE_SIZE, pageOf } from "./boardBallots";
import { words } from "./bulletinText";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { shorten, statusOf, when } from "./format";
import { PositionBallots } from "./PositionBallots";
import { quorumVerdict } from "./results/present";
import { StatusBadge } from "./StatusBadge";
import { type Check, checkSeals } from "./sealCheck";

const REFRESH_MS = 5000;
/**
 * The seal check's problems said at most: a board changed throughout has one per seal, hundreds in
 * a live region read out whole; the first say where it starts, the count how far it goes.
 */
const PROBLEMS_SHOWN = 5;

/** A shortened hash that may wrap after its ellipsis (a phone's narrow table), never inside a half. */
function ShortHash({ hash }: { hash: string }) {
  const [head, tail] = shorten(hash).split("…");
  return tail === undefined ? (
    head
  ) : (
    <>
      {head}…<wbr />
      {tail}
    </>
  );
}

/** The public bulletin board of an election: seals, sealed ballots by receipt hash, and a receipt lookup. */
export default function BulletinPage() {
  const { electionId = "" } = useParams();
  // While voting is open new seals may come: look again every 5 s.
  const query = useEndpointQuery(
    electionsEndpoints.bulletin,
    { params: { id: electionId } },
    { refetchInterval: (q) => (q.state.data?.election.status === "active" ? REFRESH_MS : false) },
  );
  const bulletin = query.data ?? null;
  const boardFile = `bulletin-${electionId}.json`;
  const error = query.isFetching ? null : query.error;
  const updatedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [sealPage, setSealPage] = useState(0);
  const sealKey = bulletin
    ? `${bulletin.seals.length}:${bulletin.seals.at(-1)?.root ?? ""}:${bulletin.ballots.length}:${bulletin.results !== null}`
    : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: recheck only when the sealed part changes
  useEffect(() => {
    if (!bulletin) return;
    let cancelled = false;
    setCheck({ state: "checking" });
    checkSeals(bulletin).then((result) => {
      if (!cancelled) setCheck(result);
    });
    return () => {
      cancelled = true;
    };
  }, [sealKey]);

  // A lookup opens the seals at the page holding the voter's seal, and marks it.
  const mySeals = useMemo(
    () => new Set((matches ?? []).flatMap((m) => (m.seal === null ? [] : [m.seal]))),
    [matches],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a lookup only, not on each 5-second refresh
  useEffect(() => {
    const index = bulletin?.seals.findIndex((seal) => mySeals.has(seal.sequence)) ?? -1;
    if (index >= 0) setSealPage(Math.floor(index / PAGE_SIZE));
  }, [mySeals]);

  const highlighted = useMemo(
    () => new Set((matches ?? []).flatMap((m) => (m.ballot ? [m.ballot.receipt_hash] : []))),
    [matches],
  );

  const sealsShown = pageOf(bulletin?.seals.length ?? 0, sealPage);

  const notFound = !bulletin && (statusOf(error) === 404 || statusOf(error) === 400);
  const body = notFound ? (
    <div className={shared.empty}>
      <h2>{words.notFoundTitle}</h2>
      <p className="muted">{words.notFoundBody}</p>
    </div>
  ) : (
    <LoadState {...loadOf(query)}>
      {(bulletin) => (
        <>
          <section className={cx(shared.card, styles.bulletinIntro)}>
            <div className={shared.overviewTitle}>
              <div>
                <span className={styles.eyebrow}>{bulletin.election.organization_name}</span>
                <h1>{bulletin.election.title}</h1>
              </div>
              <StatusBadge status={bulletin.election.status} scheme="results" />
            </div>
            <p className="muted">
              {words.subtitle} {words.noVoter}
            </p>
            <div className={styles.bulletinMeta}>
              {updatedAt && (
                <span className={cx("muted", shared.small)}>
                  {words.updated(updatedAt.toLocaleTimeString())}
                </span>
              )}
              <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
                {words.refresh}
              </button>
            </div>
            {/* A refresh that failed (the board on screen is the last one read): said, with why. */}
            {query.isRefetchError && !query.isFetching && (
              <p className="alert alert-error" role="alert">
                {words.refreshFailed(messageOf(query.error))}
              </p>
            )}
          </section>

          {bulletin.election.status === "active" && (
            <Status as="div" className={shared.notice}>
              <p className={shared.small}>{words.batches}</p>
            </Status>
          )}

          <Lookup bulletin={bulletin} check={check} onMatches={setMatches} />

          <section className={shared.card} aria-labelledby="el-seals-title">
            <h2 id="el-seals-title">{words.seals}</h2>
            <p className={cx("muted", shared.small)}>{words.sealExplain}</p>
            <p className={cx("muted", shared.small)}>{words.witnessed}</p>
            <p className={cx("muted", shared.small)}>
              <a
                href={endpointUrl(electionsEndpoints.bulletin, { params: { id: electionId } })}
                download={boardFile}
              >
                {words.saveBoard}
              </a>{" "}
              {words.saveBoardNote}
            </p>
            <p className={cx("muted", shared.small)}>
              <a href={`/${VERIFIER_FILE}`} download={VERIFIER_FILE}>
                {words.getVerifier}
              </a>{" "}
              {words.verifierNote}{" "}
              <code className={cx(shared.mono, styles.command)}>
                {words.verifierCommand(VERIFIER_FILE, boardFile)}
              </code>
            </p>
            {bulletin.seals.length === 0 ? (
              <p className="muted">{words.noSeals}</p>
            ) : (
              <>
                <Table compact labelledBy="el-seals-title">
                  <thead>
                    <tr>
                      <th scope="col">{words.sequence}</th>
                      <th scope="col">{words.root}</th>
                      <th scope="col" className={shared.num}>
                        {words.ballots}
                      </th>
                      <th scope="col">{words.time}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bulletin.seals.slice(sealsShown.from, sealsShown.to).map((seal) => (
                      <tr
                        key={seal.sequence}
                        className={mySeals.has(seal.sequence) ? shared.rowMine : undefined}
                      >
                        <td>
                          #{seal.sequence}
                          {mySeals.has(seal.sequence) && (
                            <span className={cx(shared.pill, shared.pillMine)}>{words.holdsYours}</span>
                          )}
                        </td>
                        <td className={shared.mono} title={seal.root}>
                          <ShortHash hash={seal.root} />
                          <span className="visually-hidden"> {seal.root}</span>
                        </td>
                        <td className={shared.num}>{seal.ballot_count}</td>
                        <td>{when(seal.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <BoardPager
                  label={words.sealPages}
                  total={bulletin.seals.length}
                  page={sealPage}
                  onPage={setSealPage}
                  range={words.sealRange}
                />
                <Status
                  className={
                    check.state === "problems"
                      ? cx(shared.notice, styles.noticeDanger)
                      : check.state === "ok"
                        ? cx(shared.notice, shared.noticeSuccess)
                        : shared.notice
                  }
                >
                  {check.state === "checking" && words.checking}
                  {check.state === "ok" &&
                    `✓ ${words.checked(check.seals, check.ballots)}${matches?.length ? "" : ` ${words.checkYours}`}`}
                  {check.state === "problems" && (
                    <>
                      {words.checkFailed} {check.problems.slice(0, PROBLEMS_SHOWN).join(" ")}
                      {check.problems.length > PROBLEMS_SHOWN &&
                        ` ${words.moreProblems(check.problems.length - PROBLEMS_SHOWN)}`}
                    </>
                  )}
                </Status>
              </>
            )}
            <TurnoutVerdict bulletin={bulletin} />
            {bulletin.tie_seed && (
              <div className={styles.seed}>
                <p>
                  <strong>{words.tieSeed}:</strong>{" "}
                  <code className={cx(shared.mono, styles.seedValue)}>{bulletin.tie_seed}</code>
                </p>
                <p className={cx("muted", shared.small)}>{words.tieSeedExplain}</p>
              </div>
            )}
          </section>

          {bulletin.positions.map((position) => (
            <PositionBallots
              key={position.id}
              bulletin={bulletin}
              position={position}
              result={bulletin.results?.find((r) => r.position_id === position.id)?.result ?? null}
              highlighted={highlighted}
            />
          ))}
        </>
      )}
    </LoadState>
  );

  return (
    <div className={shared.public}>
      <header className={shared.publicBar} data-page-header="">
        <Link to="/" className={shared.publicBrand}>
          {words.home}
        </Link>
        <span className={styles.publicBarTitle}>{words.title}</span>
      </header>
      <main className={shared.publicMain}>{body}</main>
    </div>
  );
}

/**
 * The published turnout against the quorum, in the results' own words ("Not valid: turnout 42.8%
 * below the 80% quorum"): a result below its quorum is not valid, whatever it counts.
 */
function TurnoutVerdict({ bulletin }: { bulletin: Bulletin }) {
  const verdict = bulletin.turnout ? quorumVerdict(bulletin.turnout) : null;
  if (!verdict) return null;
  return (
    <p className={cx(shared.notice, verdict.valid === false ? shared.noticeWarning : shared.noticeSuccess)}>
      {verdict.text}
    </p>
  );
}
