import { lazy, Suspense, useCallback, useState } from "react";
import { Link } from "react-router";
import { type Election, electionMessages, headText } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { cx } from "../../ui/cx";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { PositionChoice, VotedPosition } from "./BallotPositions";
import styles from "./CastVote.module.css";
import shared from "./elections.module.css";
import { keepReceipt, keptChoices } from "./receipts";
import { text } from "./text";
import { Receipt } from "./VoteReceipt";

// The verification and password dialogs (and the form library they use) load when voting needs them.
const VerificationModal = lazy(() =>
  import("./VerificationModal").then((m) => ({ default: m.VerificationModal })),
);
const PasswordPrompt = lazy(() => import("./PasswordPrompt").then((m) => ({ default: m.PasswordPrompt })));

type Phase =
  | { name: "idle" }
  | { name: "verifying" }
  | { name: "casting" }
  | { name: "password"; grantId: string; error?: string };

/** The server's answer to a cast, in the spec's words. */
function castError(failure: unknown): string {
  if (!(failure instanceof ApiError)) return electionMessages.castError;
  if (failure.status === 409) return electionMessages.alreadyVoted;
  if (failure.message === electionMessages.mustBeMember) return electionMessages.mustBeMember;
  return `${electionMessages.castFailed}${failure.message}`;
}

/** The Cast Vote tab: a choice per position not yet voted, verification, then the ballot and its receipt. */
export function CastVote({ election, onChanged }: { election: Election; onChanged(): void }) {
  const { user } = useAuth();
  const { area, currentId, current } = useWorkspace();
  const toast = useToast();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<{ code: string; head: string | null } | null>(null);
  const [kept, setKept] = useState(() => keptChoices(election.id));

  const voted = new Set(election.viewer.voted_position_ids);
  const open = election.positions.filter((p) => !voted.has(p.id));
  const selections = open
    .filter((p) => choices[p.id])
    .map((p) => ({ position_id: p.id, candidate_id: choices[p.id] as string }));

  const cast = useCallback(
    async (grantId: string, password?: string) => {
      setPhase({ name: "casting" });
      setError(null);
      try {
        const result = await call(electionsEndpoints.cast, {
          params: { id: election.id },
          body: { grant_id: grantId, selections, ...(password !== undefined && { password }) },
        });
        const cast = Object.fromEntries(
          selections
            .filter((s) => result.position_ids.includes(s.position_id))
            .map((s) => [s.position_id, s.candidate_id]),
        );
        keepReceipt(election.id, {
          receipt: result.receipt,
          choices: cast,
          cast_at: new Date().toISOString(),
          head: result.head ? headText(result.head) : null,
        });
        setKept(keptChoices(election.id));
        setReceipt({ code: result.receipt, head: result.head ? headText(result.head) : null });
        setChoices({});
        setPhase({ name: "idle" });
        toast(electionMessages.voteCast);
        onChanged();
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === "password_required") {
          setPhase({ name: "password", grantId });
          return;
        }
        if (failure instanceof ApiError && failure.message === electionMessages.passwordWrong) {
          setPhase({ name: "password", grantId, error: failure.message });
          return;
        }
        setPhase({ name: "idle" });
        setError(castError(failure));
        if (failure instanceof ApiError) onChanged();
      }
    },
    [election.id, selections, toast, onChanged],
  );

  const onVerified = useCallback(
    (grant: string | false) => {
      if (grant === false) {
        setPhase({ name: "idle" });
        setError(electionMessages.verificationCancelled);
        return;
      }
      void cast(grant);
    },
    [cast],
  );

  const isOrganizationUser = user?.user_type === "organization";
  if (isOrganizationUser) {
    return (
      <div className={cx(shared.notice, styles.noticeInfo)}>
        <p>{text.adminNote}</p>
      </div>
    );
  }

  // The workspace hears a suspension live; the election's can_vote says so on load.
  const suspended = current?.id === election.organization_id && current.status === "suspended";
  const notice = (() => {
    if (suspended) return messages.organizationSuspended;
    if (election.status === "upcoming")
      return text.notOpenUpcoming(election.start_date, election.start_time, election.time_zone);
    if (election.status === "completed") return text.notOpenCompleted;
    if (election.status === "cancelled") return text.notOpenCancelled;
    if (election.status !== "active") return electionMessages.notOpen;
    return null;
  })();
  const needsTwoFactor = election.requires_two_factor && !user?.two_factor_enabled;
  const canVote = !notice && election.viewer.can_vote && !needsTwoFactor;
  const busy = phase.name === "verifying" || phase.name === "casting";

  const submit = () => {
    setError(null);
    if (!currentId) {
      setError(electionMessages.mustBeMember);
      return;
    }
    if (selections.length === 0) return;
    setPhase({ name: "verifying" });
  };

  return (
    <div className={styles.cast}>
      {receipt && (
        <Receipt
          electionId={election.id}
          receipt={receipt.code}
          head={receipt.head}
          onDone={() => setReceipt(null)}
        />
      )}

      {notice && (
        <div className={shared.notice} role="status">
          <p>{notice}</p>
        </div>
      )}
      {!notice && !election.viewer.on_roll && (
        <div className={cx(shared.notice, shared.noticeWarning)} role="status">
          <p>{text.notOnRoll}</p>
        </div>
      )}
      {!notice && election.viewer.on_roll && needsTwoFactor && (
        <div className={cx(shared.notice, shared.noticeWarning)} role="status">
          <p>{electionMessages.twoFactorNeeded}</p>
          <Link to={`/${area}/settings`} className="btn">
            {text.twoFactorLink}
          </Link>
        </div>
      )}

      {error && (
        <p className={cx("alert", "alert-error", styles.castError)} role="alert">
          {error}
        </p>
      )}

      {canVote && open.length === 0 && !receipt && (
        <div className={cx(shared.notice, shared.noticeSuccess)} role="status">
          <p>{text.allVoted}</p>
        </div>
      )}

      <div className={styles.ballot}>
        {election.positions.map((position) =>
          voted.has(position.id) ? (
            <VotedPosition key={position.id} position={position} choiceId={kept[position.id]} />
          ) : canVote ? (
            <PositionChoice
              key={position.id}
              position={position}
              value={choices[position.id]}
              disabled={busy}
              onChange={(candidateId) => setChoices((c) => ({ ...c, [position.id]: candidateId }))}
            />
          ) : null,
        )}
      </div>

      {canVote && open.length > 0 && (
        <div className={styles.submitBar}>
          <p className={cx("muted", shared.small)} aria-live="polite">
            {text.submitHint(selections.length)}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={busy || selections.length === 0}
            onClick={submit}
          >
            {phase.name === "casting" ? text.submitting : text.submitVote}
          </button>
        </div>
      )}

      <Suspense fallback={null}>
        {phase.name === "verifying" && (
          <VerificationModal
            electionId={election.id}
            methods={election.verification_methods}
            onResult={onVerified}
          />
        )}
        {phase.name === "password" && (
          <PasswordPrompt
            error={phase.error}
            busy={false}
            onSubmit={(password) => void cast(phase.grantId, password)}
            onCancel={() => {
              setPhase({ name: "idle" });
              setError(`${electionMessages.castFailed}${electionMessages.passwordNeeded}`);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
