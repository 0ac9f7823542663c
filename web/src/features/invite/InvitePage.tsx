import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { JoinResult } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { ApiError } from "../../api/http";
import type { Moment } from "../../api/moment";
import { endpointKey, readFromNow, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { Link, Navigate, useNavigate, useParams } from "../../router";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import authCard from "../accounts/AuthCard.module.css";
import { homeFor, useAuth } from "../accounts/AuthProvider";
import { errorText, joinErrorText } from "../organizations/errors";
import { REQUEST_PENDING, requestDecided } from "../organizations/joinWords";
import { OrgLogo } from "../organizations/OrgLogo";
import styles from "./InvitePage.module.css";

/** Spec part 1 section 9: the page moves on 1500 ms after a successful join. */
const REDIRECT_AFTER_JOIN_MS = 1500;
const DEFAULT_DESCRIPTION = "Join this organization on Votespace to take part in its channels and elections.";

/** /join/{inviteCode}: a public page outside the workspace; signed-out visitors go to /signup first. */
export default function InvitePage() {
  const { inviteCode = "" } = useParams();
  const { user, status, error } = useAuth();

  if (status === "loading" || status === "error") {
    return (
      <InviteFrame>
        <LoadState
          data={null}
          error={status === "error" ? error : null}
          loadingLabel="Loading..."
          errorTitle={messages.connectionError}
          retryLabel="Retry"
          onRetry={() => window.location.reload()}
        >
          {() => null}
        </LoadState>
      </InviteFrame>
    );
  }
  if (!user) {
    // The sign-up page hands this state on to /signin, which returns here after signing in.
    return <Navigate to="/signup" replace state={{ returnTo: `/join/${inviteCode}`, inviteCode }} />;
  }
  return <Invite key={inviteCode} code={inviteCode} />;
}

function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <main className={authCard.page}>
      <div className={cx("card", authCard.card, styles.card)}>
        <Link to="/" className={authCard.brand}>
          <img src="/favicon.svg" alt="" className={authCard.brandMark} />
          Votespace
        </Link>
        {children}
      </div>
    </main>
  );
}

type Outcome =
  | { kind: "joined"; message: string }
  | { kind: "pending"; message: string }
  | { kind: "already"; message: string };

function Invite({ code }: { code: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const invite = useEndpointQuery(organizationsEndpoints.invite, { params: { code } });
  const acceptInvite = useEndpointMutation(organizationsEndpoints.acceptInvite);
  const [accepted, setAccepted] = useState<Outcome | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const accepting = acceptInvite.isPending;
  const home = user ? homeFor(user) : "/";
  // What the server knows already: a member, or a request waiting (as search shows it), on every visit.
  const known: Outcome | null = invite.data?.joined
    ? { kind: "already", message: messages.alreadyMember }
    : invite.data?.pending
      ? { kind: "pending", message: messages.joinPending }
      : null;
  const outcome = accepted ?? known;

  // An administrator decided the request sent from here: said at once, where it was asked (as
  // search says it); what the page offers then is the invite as the server reads it again (a member:
  // into the workspace; declined: Accept Invite, a new request), as a reload shows it. Read again
  // after a resubscription too, for a decision made while the socket was down.
  const organization = invite.data?.organization;
  const [decided, setDecided] = useState<{ approved: boolean; message: string } | null>(null);
  const queryClient = useQueryClient();
  const readAgain = (since?: Moment) =>
    void readFromNow(queryClient, endpointKey(organizationsEndpoints.invite, { params: { code } }), {
      exact: true,
      since,
    });
  useTopic(
    user ? `user:${user.id}` : null,
    {
      "join_request.decided": (event) => {
        if (!organization || event.organization_id !== organization.id) return;
        setDecided({
          approved: event.status === "approved",
          message: requestDecided(organization.name, event.status),
        });
        setAccepted(null);
        readAgain();
      },
    },
    // The first subscription confirmed after the first read: nothing missed, nothing read twice.
    readAgain,
  );

  useEffect(() => {
    if (outcome?.kind !== "joined") return;
    const timer = setTimeout(() => navigate(home, { replace: true }), REDIRECT_AFTER_JOIN_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, home]);

  async function accept() {
    setAcceptError(null);
    setDecided(null);
    try {
      const result: JoinResult = await acceptInvite.mutateAsync({ params: { code } });
      setAccepted({ kind: result.status, message: result.message });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setAccepted({ kind: "already", message: failure.message });
      } else {
        setAcceptError(joinErrorText(failure));
      }
    }
  }

  // The server answered that the code opens nothing: the spec's Invalid Invite, with no Retry.
  if (!invite.data && invite.error instanceof ApiError && invite.error.status !== 503) {
    return (
      <InviteFrame>
        <div className={styles.invalid}>
          <span className={styles.invalidIcon} aria-hidden="true">
            !
          </span>
          <h1>Invalid Invite</h1>
          <p className="muted" role="alert">
            {invite.error.message}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => navigate("/")}>
            Go Home
          </button>
        </div>
      </InviteFrame>
    );
  }
  return (
    <InviteFrame>
      <LoadState
        data={user ? invite.data : null}
        error={invite.error ? errorText(invite.error) : null}
        loadingLabel="Loading invite..."
        errorTitle="The invite could not be loaded"
        retryLabel="Retry"
        onRetry={() => void invite.refetch()}
      >
        {(preview) => {
          if (!user) return null;
          const organization = preview.organization;
          const account = user.user_type === "organization" ? "an organization account" : "a voter account";
          return (
            <>
              <p className={styles.kicker}>You've been invited to join</p>
              <div className={styles.org}>
                <OrgLogo name={organization.name} url={organization.logo_url} size={64} />
                <div className={styles.orgText}>
                  <h1>{organization.name}</h1>
                </div>
              </div>
              <p className={organization.description ? styles.description : cx(styles.description, "muted")}>
                {organization.description || DEFAULT_DESCRIPTION}
              </p>
              <dl className={styles.facts}>
                <div>
                  <dt>Invite code</dt>
                  <dd>
                    <code>{preview.invite_code}</code>
                  </dd>
                </div>
                <div>
                  <dt>Members</dt>
                  <dd>{organization.member_count.toLocaleString()}</dd>
                </div>
              </dl>
              <p className={styles.welcome}>
                Welcome, <strong>{user.full_name || user.email}</strong>! You're signed in with{" "}
                <strong>{account}</strong>.
              </p>

              {decided ? (
                <Status as="div" className={decided.approved ? "alert alert-success" : "alert alert-error"}>
                  {decided.message}
                </Status>
              ) : (
                outcome && (
                  <Status
                    as="div"
                    className={outcome.kind === "joined" ? "alert alert-success" : "alert alert-info"}
                  >
                    {outcome.kind === "pending" && (
                      <strong className={styles.outcomeTitle}>{REQUEST_PENDING}</strong>
                    )}
                    {outcome.message}
                  </Status>
                )
              )}
              {acceptError && (
                <div className="alert alert-error" role="alert">
                  {acceptError}
                </div>
              )}

              <div className={styles.actions}>
                {outcome && outcome.kind !== "joined" ? (
                  <>
                    <button type="button" className="btn" onClick={() => navigate("/")}>
                      Back
                    </button>
                    <button type="button" className="btn btn-primary" onClick={() => navigate(home)}>
                      {outcome.kind === "already" ? "Go to Workspace" : "Go Home"}
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" className="btn" onClick={() => navigate("/")} disabled={accepting}>
                      Back
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => void accept()}
                      disabled={accepting || outcome?.kind === "joined"}
                    >
                      {accepting ? "Joining..." : "Accept Invite"}
                    </button>
                  </>
                )}
              </div>
            </>
          );
        }}
      </LoadState>
    </InviteFrame>
  );
}
