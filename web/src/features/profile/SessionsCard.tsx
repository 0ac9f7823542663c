import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { profileEndpoints } from "../../../../contract/profile";
import { type SessionInfo, sessionMessages } from "../../../../contract/sessions";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import "./sessions.css";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** Where I am signed in (part of the security section): each device, this one marked; end the others. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const list = useEndpointQuery(profileEndpoints.sessions);
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
  const endAll = useEndpointMutation(profileEndpoints.endOtherSessions, outcome);
  const busy = endAll.isPending ? "all" : endOne.isPending ? (endOne.variables?.params.id ?? null) : null;

  const others = list.data?.sessions.filter((s) => !s.current) ?? [];
  return (
    <section className="card vp-card" aria-labelledby="vp-sessions-title">
      <div className="vp-sessions-head">
        <h2 id="vp-sessions-title">Signed-in Devices</h2>
        {others.length > 0 && (
          <button type="button" className="btn" disabled={busy !== null} onClick={() => endAll.mutate({})}>
            {busy === "all" ? "Signing out..." : "Sign Out All Others"}
          </button>
        )}
      </div>
      <p className="muted vp-sessions-note">Every sign-in ends after 12 hours, and sooner when left idle.</p>
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {list.isPending && (
        <p className="muted" role="status">
          Loading sessions...
        </p>
      )}
      {list.isError && (
        <div className="alert alert-error vp-inline-alert" role="alert">
          <span>Sessions could not be loaded: {list.error.message}</span>
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      )}
      {list.data && (
        <ul className="vp-sessions" aria-label="Sessions">
          {list.data.sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={busy}
              onEnd={() => endOne.mutate({ params: { id: session.id } })}
            />
          ))}
          {others.length === 0 && <li className="muted vp-sessions-none">{sessionMessages.none}</li>}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: SessionInfo; busy: string | null; onEnd(): void }) {
  return (
    <li className={session.current ? "vp-session vp-session-current" : "vp-session"}>
      <div>
        <span className="vp-strong">
          {session.device}
          {session.current && <span className="vp-session-badge">This device</span>}
        </span>
        <span className="muted">
          {session.ip || "Unknown address"} · signed in {when(session.created_at)} · last active{" "}
          {when(session.last_seen_at)}
        </span>
      </div>
      {!session.current && (
        <button type="button" className="btn" disabled={busy !== null} onClick={onEnd}>
          {busy === session.id ? "Signing out..." : "Sign Out"}
        </button>
      )}
    </li>
  );
}
