import { type ReactNode, useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { messages } from "../../../../contract/messages";
import type { InvitePreview, JoinResult } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { homeFor, useAuth } from "../accounts/AuthProvider";
import { errorText, joinErrorText } from "../organizations/errors";
import { OrgLogo } from "../organizations/OrgLogo";
import "../accounts/auth.css";
import "./invite.css";

/** Spec part 1 section 9: the page moves on 1500 ms after a successful join. */
const REDIRECT_AFTER_JOIN_MS = 1500;
const DEFAULT_DESCRIPTION = "Join this organization on Votespace to take part in its channels and elections.";

/** /join/{inviteCode}: a public page outside the workspace; signed-out visitors go to /signup first. */
export default function InvitePage() {
  const { inviteCode = "" } = useParams();
  const { user, status, error } = useAuth();

  if (status === "loading") {
    return (
      <InviteFrame>
        <p className="inv-state" role="status">
          Loading...
        </p>
      </InviteFrame>
    );
  }
  if (status === "error") {
    return (
      <InviteFrame>
        <div role="alert" className="inv-state">
          <h1>{messages.connectionError}</h1>
          <p className="muted">{error}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
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
    <main className="auth-page">
      <div className="card auth-card inv-card">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt="" className="auth-brand-mark" />
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
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const home = user ? homeFor(user) : "/";

  useEffect(() => {
    let cancelled = false;
    call(organizationsEndpoints.invite, { params: { code: code } })
      .then((result) => {
        if (cancelled) return;
        setPreview(result);
        if (result.joined) setOutcome({ kind: "already", message: messages.alreadyMember });
      })
      .catch((failure: unknown) => {
        if (!cancelled) setLoadError(failure instanceof ApiError ? failure.message : errorText(failure));
      });
    return () => {
      cancelled = true;
    };
  }, [code]);

  useEffect(() => {
    if (outcome?.kind !== "joined") return;
    const timer = setTimeout(() => navigate(home, { replace: true }), REDIRECT_AFTER_JOIN_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, home]);

  async function accept() {
    setAccepting(true);
    setAcceptError(null);
    try {
      const result: JoinResult = await call(organizationsEndpoints.acceptInvite, { params: { code: code } });
      setOutcome({ kind: result.status, message: result.message });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setOutcome({ kind: "already", message: failure.message });
      } else {
        setAcceptError(joinErrorText(failure));
      }
    } finally {
      setAccepting(false);
    }
  }

  if (!preview && loadError) {
    return (
      <InviteFrame>
        <div className="inv-invalid">
          <span className="inv-invalid-icon" aria-hidden="true">
            !
          </span>
          <h1>Invalid Invite</h1>
          <p className="muted" role="alert">
            {loadError}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => navigate("/")}>
            Go Home
          </button>
        </div>
      </InviteFrame>
    );
  }
  if (!preview || !user) {
    return (
      <InviteFrame>
        <p className="inv-state" role="status">
          Loading invite...
        </p>
      </InviteFrame>
    );
  }

  const organization = preview.organization;
  const roleLabel = user.user_type === "organization" ? "Organization" : "Voter";
  const article = roleLabel === "Organization" ? "an" : "a";
  return (
    <InviteFrame>
      <p className="inv-kicker">You've been invited to join</p>
      <div className="inv-org">
        <OrgLogo name={organization.name} url={organization.logo_url} size={64} />
        <div className="inv-org-text">
          <h1>{organization.name}</h1>
          <span className="muted">
            {organization.member_count.toLocaleString()}{" "}
            {organization.member_count === 1 ? "member" : "members"}
          </span>
        </div>
      </div>
      <p className={organization.description ? "inv-description" : "inv-description muted"}>
        {organization.description || DEFAULT_DESCRIPTION}
      </p>
      <dl className="inv-facts">
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
      <p className="inv-welcome">
        Welcome, <strong>{user.full_name || user.email}</strong>! You're signed in as {article}{" "}
        <strong>{roleLabel}</strong>.
      </p>

      {outcome && (
        <div
          className={outcome.kind === "joined" ? "alert alert-success" : "alert inv-alert-info"}
          role="status"
        >
          {outcome.message}
        </div>
      )}
      {acceptError && (
        <div className="alert alert-error" role="alert">
          {acceptError}
        </div>
      )}

      <div className="inv-actions">
        {outcome?.kind === "pending" || outcome?.kind === "already" ? (
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
    </InviteFrame>
  );
}
