import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { electionsEndpoints } from "../../../../contract/elections";
import { useEndpointQuery } from "../../api/query";
import { Table } from "../../ui/Table";
import { Lookup, type Match } from "./BulletinLookup";
import { words } from "./bulletinText";
import { shorten, statusOf, when } from "./format";
import { PositionBallots } from "./PositionBallots";
import { LoadError, Loading, StatusBadge } from "./parts";
import { type Check, checkSeals } from "./sealCheck";
import "./elections.css";

const REFRESH_MS = 5000;

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
  const error = query.isFetching ? null : query.error;
  const load = () => query.refetch();
  const updatedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [matches, setMatches] = useState<Match[] | null>(null);
  const sealKey = bulletin
    ? `${bulletin.seals.length}:${bulletin.seals.at(-1)?.root ?? ""}:${bulletin.ballots.length}`
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

  const highlighted = useMemo(() => new Set((matches ?? []).map((m) => m.ballot.receipt_hash)), [matches]);

  let body: React.ReactNode;
  if (error && !bulletin) {
    body =
      statusOf(error) === 404 || statusOf(error) === 400 ? (
        <div className="el-empty">
          <h2>{words.notFoundTitle}</h2>
          <p className="muted">{words.notFoundBody}</p>
        </div>
      ) : (
        <LoadError message={error.message} onRetry={() => void load()} />
      );
  } else if (!bulletin) {
    body = <Loading />;
  } else {
    body = (
      <>
        <section className="el-card el-bulletin-intro">
          <div className="el-overview-title">
            <div>
              <span className="el-eyebrow">{bulletin.election.organization_name}</span>
              <h1>{bulletin.election.title}</h1>
            </div>
            <StatusBadge status={bulletin.election.status} scheme="results" />
          </div>
          <p className="muted">
            {words.subtitle} {words.noVoter}
          </p>
          <div className="el-bulletin-meta">
            {updatedAt && (
              <span className="muted el-small">{words.updated(updatedAt.toLocaleTimeString())}</span>
            )}
            <button type="button" className="btn btn-ghost" onClick={() => void load()}>
              {words.refresh}
            </button>
          </div>
        </section>

        {bulletin.election.status === "active" && (
          <div className="el-notice" role="status">
            <p className="el-small">{words.batches}</p>
          </div>
        )}

        <Lookup bulletin={bulletin} onMatches={setMatches} />

        <section className="el-card" aria-labelledby="el-seals-title">
          <h2 id="el-seals-title">{words.seals}</h2>
          <p className="muted el-small">{words.sealExplain}</p>
          <p className="muted el-small">{words.witnessed}</p>
          {bulletin.seals.length === 0 ? (
            <p className="muted">{words.noSeals}</p>
          ) : (
            <>
              <Table compact>
                <thead>
                  <tr>
                    <th scope="col">{words.sequence}</th>
                    <th scope="col">{words.root}</th>
                    <th scope="col" className="el-num">
                      {words.ballots}
                    </th>
                    <th scope="col">{words.time}</th>
                  </tr>
                </thead>
                <tbody>
                  {bulletin.seals.map((seal) => (
                    <tr key={seal.sequence}>
                      <td>#{seal.sequence}</td>
                      <td className="el-mono" title={seal.root}>
                        {shorten(seal.root)}
                        <span className="visually-hidden"> {seal.root}</span>
                      </td>
                      <td className="el-num">{seal.ballot_count}</td>
                      <td>{when(seal.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <p
                className={
                  check.state === "problems"
                    ? "el-notice el-notice-danger"
                    : check.state === "ok"
                      ? "el-notice el-notice-success"
                      : "el-notice"
                }
                role="status"
              >
                {check.state === "checking" && words.checking}
                {check.state === "pending" && words.checkPending}
                {check.state === "ok" && `✓ ${words.checked(check.seals, check.ballots)}`}
                {check.state === "problems" && (
                  <>
                    {words.checkFailed} {check.problems.join(" ")}
                  </>
                )}
              </p>
            </>
          )}
        </section>

        {bulletin.positions.map((position) => (
          <PositionBallots
            key={position.id}
            bulletin={bulletin}
            position={position}
            highlighted={highlighted}
          />
        ))}
      </>
    );
  }

  return (
    <div className="el-public">
      <header className="el-public-bar">
        <Link to="/" className="el-public-brand">
          {words.home}
        </Link>
        <span className="el-public-bar-title">{words.title}</span>
      </header>
      <main className="el-public-main">{body}</main>
    </div>
  );
}
