import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SESSION_LIFETIME_DAYS } from "../../../../contract/accounts";
import { profileEndpoints } from "../../../../contract/profile";
import { type SessionInfo, sessionMessages } from "../../../../contract/sessions";
import { endpointKey, readFromNow, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import { useAuth } from "../accounts/AuthProvider";
import styles from "./SessionsCard.module.css";
import profileStyles from "./VoterProfilePage.module.css";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** Where I am signed in (part of the security section): each device, this one marked; end the others. */
export function SessionsCard({ onEndedOthers }: { onEndedOthers(): void }) {
  const queryClient = useQueryClient();
  const list = useEndpointQuery(profileEndpoints.sessions);
  const { user } = useAuth();
  // Sessions ended anywhere (a password change, a sign-out on another device): listed again, and
  // after a (re)subscription for any that ended while the socket was down.
  const key = endpointKey(profileEndpoints.sessions);
  useTopic(
    user ? `user:${user.id}` : null,
    { "session.ended": () => void readFromNow(queryClient, key) },
    (since) => readFromNow(queryClient, key, { since }),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const outcome = {
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: (result: { message: string }) => setNotice(result.message),
    onError: (failure: Error) => setError(failure.message),
    // Listed again whatever the answer: the session may have ended meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(profileEndpoints.sessions) }),
  };
  const endOne = useEndpointMutation(profileEndpoints.endSession, outcome);
  const endAll = useEndpointMutation(profileEndpoints.endOtherSessions, {
    ...outcome,
    onSuccess: (result: { message: string }) => {
      outcome.onSuccess(result);
      onEndedOthers();
    },
  });
  const busy = endAll.isPending ? "all" : endOne.isPending ? (endOne.variables?.params.id ?? null) : null;

  const others = list.data?.sessions.filter((s) => !s.current) ?? [];
  return (
    <section className={cx("card", profileStyles.card)} aria-labelledby="vp-sessions-title">
      <div className={styles.head}>
        <h2 id="vp-sessions-title">Signed-in Devices</h2>
        {others.length > 0 && (
          <button type="button" className="btn" disabled={busy !== null} onClick={() => endAll.mutate({})}>
            {busy === "all" ? "Signing out..." : "Sign Out All Others"}
          </button>
        )}
      </div>
      <p className={cx("muted", styles.note)}>
        Every sign-in ends after {SESSION_LIFETIME_DAYS} days, and sooner when left idle.
      </p>
      {notice && (
        <Status as="div" className="alert alert-success">
          {notice}
        </Status>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <LoadState
        data={list.data}
        error={list.error?.message}
        loadingLabel={"Loading sessions..."}
        errorTitle={"Sessions could not be loaded"}
        retryLabel="Retry"
        onRetry={() => void list.refetch()}
      >
        {({ sessions }) => (
          <ul className={styles.list} aria-label="Sessions">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy}
                onEnd={() => endOne.mutate({ params: { id: session.id } })}
              />
            ))}
            {others.length === 0 && <li className={cx("muted", styles.none)}>{sessionMessages.none}</li>}
          </ul>
        )}
      </LoadState>
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: SessionInfo; busy: string | null; onEnd(): void }) {
  return (
    <li className={styles.session} data-current={session.current || undefined}>
      <div>
        <span className={profileStyles.strong}>
          {session.device}
          {/* Held to the name's last word by a no-break space: on a phone the badge wraps with that
              word, never onto a line of its own. */}
          {session.current && (
            <>
              {"\u00a0"}
              <span className={styles.badge}>This device</span>
            </>
          )}
        </span>
        <span className="muted">
          {session.ip || "Unknown address"} · signed in {when(session.created_at)} · last active{" "}
          {when(session.last_seen_at)}
        </span>
      </div>
      {!session.current && (
        <button type="button" className="btn" disabled={busy !== null} onClick={onEnd}>
          {busy === session.id ? "Signing out..." : "Sign Out"}
          {/* Which session: the rows' buttons would otherwise all be "Sign Out" to a screen reader. */}
          <span className="visually-hidden">
            {" "}
            {session.device}, signed in {when(session.created_at)}
          </span>
        </button>
      )}
    </li>
  );
}
