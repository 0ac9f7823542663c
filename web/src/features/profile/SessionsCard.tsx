import { useState } from "react";
import { type SessionInfo, sessionMessages } from "../../../../contract/sessions";
import { sessionsApi } from "./sessionsApi";
import { useLoad } from "./useLoad";
import "./sessions.css";
import { messageOf } from "../../ui/messageOf";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** Where I am signed in (part of the security section): each device, this one marked; end the others. */
export function SessionsCard() {
  const { state, reload } = useLoad(() => sessionsApi.list().then((r) => r.sessions));
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<{ message: string }>) {
    setBusy(key);
    setError(null);
    setNotice(null);
    try {
      setNotice((await action()).message);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(null);
      await reload();
    }
  }

  const others = state.status === "ready" ? state.data.filter((s) => !s.current) : [];
  return (
    <section className="card vp-card" aria-labelledby="vp-sessions-title">
      <div className="vp-sessions-head">
        <h2 id="vp-sessions-title">Signed-in Devices</h2>
        {others.length > 0 && (
          <button
            type="button"
            className="btn"
            disabled={busy !== null}
            onClick={() => void run("all", sessionsApi.endOthers)}
          >
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
      {state.status === "loading" && (
        <p className="muted" role="status">
          Loading sessions...
        </p>
      )}
      {state.status === "error" && (
        <div className="alert alert-error vp-inline-alert" role="alert">
          <span>Sessions could not be loaded: {state.error}</span>
          <button type="button" className="btn" onClick={() => void reload()}>
            Retry
          </button>
        </div>
      )}
      {state.status === "ready" && (
        <ul className="vp-sessions" aria-label="Sessions">
          {state.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={busy}
              onEnd={() => void run(session.id, () => sessionsApi.end(session.id))}
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
