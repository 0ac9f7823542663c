import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { Ballot } from "../../../../contract/ballots/ballot";
import { type Election, electionMessages, type PositionView } from "../../../../contract/elections";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { ApiError, NetworkError } from "../../api/http";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { BallotForm, type Selection } from "./BallotForm";
import { VotedPosition } from "./BallotPositions";
import { draftOf, forgetDraft, keepDraft } from "./ballotDrafts";
import styles from "./CastVote.module.css";
import type { Cast } from "./castBallot";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";
import { keptOf, receiptsFor } from "./receipts";

// The verification and password dialogs (and the form library they use) are not part of the page's
// first load: their code comes once the voter marks an answer (dialogsCode), so a network lost
// between marking and Submit Vote still opens the verification, which then says the server cannot
// be reached. The receipt's code comes with them: a server that answers the cast and then goes
// away must not leave the receipt unshown for want of its code.
const verificationCode = () => import("./VerificationModal");
const passwordCode = () => import("./PasswordPrompt");
const receiptCode = () => import("./VoteReceipt");
const castCode = () => import("./castBallot");
const Receipt = lazy(() => receiptCode().then((m) => ({ default: m.Receipt })));
const VerificationModal = lazy(() => verificationCode().then((m) => ({ default: m.VerificationModal })));
const PasswordPrompt = lazy(() => passwordCode().then((m) => ({ default: m.PasswordPrompt })));
// For those who manage an upcoming election only: voters never load it.
const VoterPreview = lazy(() => import("./VoterPreview").then((m) => ({ default: m.VoterPreview })));

/** Fetches the dialogs' code (the browser fetches a module once; a failure is met again, and said, when a dialog opens). */
function dialogsCode(): void {
  void Promise.all([verificationCode(), passwordCode(), receiptCode(), castCode()]).catch(() => undefined);
}

type Phase =
  | { name: "idle" }
  | { name: "verifying" }
  | { name: "casting" }
  | { name: "password"; grantId: string; error?: string };

/** The server's answer to a cast, in the spec's words. */
function castError(failure: unknown): string {
  // No answer at all: the vote may have been written before the connection went (read again below).
  if (failure instanceof NetworkError) return electionMessages.castUnanswered;
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
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Cast | null>(null);
  // The receipt put away (Done): its button is gone, so the focus goes to the tab's content, never to the page.
  const [receiptDone, setReceiptDone] = useState(0);
  const castRoot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (receiptDone > 0) castRoot.current?.focus();
  }, [receiptDone]);
  // What Submit Vote sends once the voter is verified; a new form (empty answers) after each cast,
  // the ballot form being keyed by the receipt on screen.
  const pending = useRef<{ selections: Selection[]; answers: Record<string, Ballot> }>({
    selections: [],
    answers: {},
  });

  const voted = new Set(election.viewer.voted_position_ids);
  // The choices shown for voted positions, from the receipts this browser keeps, read at each render
  // (a cast here, or one in another tab learnt from a refusal or a reload): a few small entries.
  const kept = keptOf(user?.id, election.id);
  const open = election.positions.filter((p) => !voted.has(p.id));

  const cast = useCallback(
    async (grantId: string, password?: string) => {
      setPhase({ name: "casting" });
      setError(null);
      try {
        const { castBallot } = await castCode();
        setReceipt(
          await castBallot({
            userId: user?.id,
            electionId: election.id,
            grantId,
            password,
            ...pending.current,
          }),
        );
        forgetDraft(election.id);
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
        // A refusal changed what the page should say; an answer that never came may hide a vote
        // that was cast: the election is read again, and settles it (below).
        onChanged();
      }
    },
    [election.id, toast, onChanged, user?.id],
  );

  // A cast whose answer never came (here, or before a reload), settled by the election read since:
  // cast, its receipt is shown as if the answer had come.
  useEffect(() => {
    if (!receiptsFor(user?.id, election.id).some((kept) => kept.pending)) return;
    void castCode()
      .then(({ settleLost }) => {
        const cast = settleLost(user?.id, election);
        if (!cast) return;
        setReceipt(cast);
        setError(null);
        forgetDraft(election.id);
      })
      .catch(() => undefined);
  }, [election, user?.id]);

  const onVerified = useCallback(
    (grant: string | false) => {
      if (grant === false) {
        setPhase({ name: "idle" });
        setError(electionMessages.verificationCancelled);
        return;
      }
      // Who chose to confirm with their password is asked for it first: a cast sent without it
      // would only be refused (the server checks it either way).
      if (election.viewer.confirms_with_password) setPhase({ name: "password", grantId: grant });
      else void cast(grant);
    },
    [cast, election.viewer.confirms_with_password],
  );

  // Voting stopped (the election closed, or the organization was suspended) while the voter was
  // verifying: the dialog closes and the page's notice says why. Not a verification failure.
  const onVotingClosed = useCallback(() => {
    setPhase({ name: "idle" });
    onChanged();
  }, [onChanged]);

  // The workspace hears a suspension live; the election's can_vote says so on load.
  const suspended = current?.id === election.organization_id && current.status === "suspended";
  const notice = (() => {
    if (suspended) return messages.organizationSuspended;
    if (election.status === "upcoming")
      return text.notOpenUpcoming(election.start_date, election.start_time, election.time_zone);
    if (election.status === "completed") return text.notOpenCompleted;
    if (election.status === "cancelled") return text.notOpenCancelled;
    if (election.status !== "active") return electionMessages.notOpen;
    // Said before the voter verifies (they were told only after, at the cast).
    const toCast = election.viewer.voted_position_ids.length < election.positions.length;
    if (election.viewer.blocked && toCast) return messages.votingSessionBlocked;
    return null;
  })();
  const votingStopped = notice !== null;
  useEffect(() => {
    if (!votingStopped) return;
    setPhase((now) => (now.name === "verifying" || now.name === "password" ? { name: "idle" } : now));
    // Marked answers that cannot be cast any more: leaving the page need not ask about them.
    forgetDraft(election.id);
  }, [votingStopped, election.id]);

  // "Preview as a voter", for whoever manages the election while it is upcoming.
  const preview = user && election.viewer.can_manage && election.status === "upcoming" && (
    <Suspense fallback={null}>
      <VoterPreview election={election} voterId={user.id} />
    </Suspense>
  );
  const isOrganizationUser = user?.user_type === "organization";
  if (isOrganizationUser) {
    return (
      <div className={styles.cast}>
        <div className={cx(shared.notice, styles.noticeInfo)}>
          <p>{text.adminNote}</p>
        </div>
        {preview}
      </div>
    );
  }

  const needsTwoFactor = election.requires_two_factor && !user?.two_factor_enabled;
  const canVote = !notice && election.viewer.can_vote && !needsTwoFactor;
  const busy = phase.name === "verifying" || phase.name === "casting" ? phase.name : false;

  const votedView = (position: PositionView) =>
    voted.has(position.id) ? (
      <VotedPosition
        key={position.id}
        position={position}
        choiceId={kept.choices[position.id]}
        answer={kept.answers[position.id]}
      />
    ) : null;

  const submit = (selections: Selection[], answers: Record<string, Ballot>) => {
    setError(null);
    if (!currentId) {
      setError(electionMessages.mustBeMember);
      return;
    }
    if (selections.length === 0) return;
    pending.current = { selections, answers };
    setPhase({ name: "verifying" });
  };

  return (
    <div className={styles.cast} ref={castRoot} tabIndex={-1}>
      {receipt && (
        <Suspense fallback={null}>
          <Receipt
            electionId={election.id}
            receipt={receipt.receipt}
            head={receipt.head}
            onDone={() => {
              setReceipt(null);
              setReceiptDone((n) => n + 1);
            }}
          />
        </Suspense>
      )}

      {notice && (
        <Status as="div" className={shared.notice}>
          <p>{notice}</p>
        </Status>
      )}
      {preview}
      {!notice && !election.viewer.on_roll && (
        <Status as="div" className={cx(shared.notice, shared.noticeWarning)}>
          <p>{text.notOnRoll}</p>
        </Status>
      )}
      {!notice && election.viewer.on_roll && needsTwoFactor && (
        <Status as="div" className={cx(shared.notice, shared.noticeWarning)}>
          <p>{electionMessages.twoFactorNeeded}</p>
          <Link to={`/${area}/settings`} className="btn">
            {text.twoFactorLink}
          </Link>
        </Status>
      )}

      {/* A refusal the notice now explains (blocked, closed, suspended) is said once, by the notice. */}
      {error && !notice && (
        <p className={cx("alert", "alert-error", styles.castError)} role="alert">
          {error}
        </p>
      )}

      {canVote && open.length === 0 && !receipt && (
        <Status as="div" className={cx(shared.notice, shared.noticeSuccess)}>
          <p>{text.allVoted}</p>
        </Status>
      )}

      {canVote && open.length > 0 && user ? (
        <BallotForm
          key={receipt?.receipt}
          positions={election.positions}
          voted={votedView}
          voterId={user.id}
          busy={busy}
          initial={draftOf(election.id)}
          onAnswer={(answers) => {
            keepDraft(election.id, answers);
            dialogsCode();
          }}
          onCast={submit}
        />
      ) : (
        <div className={styles.ballot}>{election.positions.map(votedView)}</div>
      )}

      <Suspense fallback={null}>
        {phase.name === "verifying" && (
          <VerificationModal
            electionId={election.id}
            methods={election.verification_methods}
            onResult={onVerified}
            onVotingClosed={onVotingClosed}
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
