import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchResult } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { useTopic } from "../../api/useRealtime";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { errorText, joinErrorText } from "./errors";
import { OrgLogo } from "./OrgLogo";
import "./search.css";

/** Spec part 1 section 9: the workspace reloads 1500 ms after a successful join. */
const RELOAD_AFTER_JOIN_MS = 1500;
const SEARCH_DEBOUNCE_MS = 300;

type Notice = { tone: "success" | "error"; text: string };

/** Search Organizations (spec part 1 section 2): find public organizations and join them. */
export default function SearchPage() {
  const { area, refresh } = useWorkspace();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [searchedTerm, setSearchedTerm] = useState("");
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [joining, setJoining] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const latest = useRef(0);
  const searchId = useId();

  // Server-side search, debounced; an answer to an older term is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) searches again
  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    const timer = setTimeout(
      () => {
        call(organizationsEndpoints.search, { query: { q: term.trim() } })
          .then(({ organizations }) => {
            if (ticket !== latest.current) return;
            setResults(organizations);
            setSearchedTerm(term.trim());
            setLoadError(null);
          })
          .catch((failure: unknown) => {
            if (ticket === latest.current) setLoadError(errorText(failure));
          })
          .finally(() => {
            if (ticket === latest.current) setLoading(false);
          });
      },
      results === null ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [term, attempt]);

  // An administrator decided a pending request: the card follows at once.
  useTopic(user ? `user:${user.id}` : null, {
    "join_request.decided": (event) =>
      setResults(
        (list) =>
          list?.map((o) =>
            o.id === event.organization_id
              ? { ...o, pending: false, joined: event.status === "approved" || o.joined }
              : o,
          ) ?? null,
      ),
  });

  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  /** The card's member count is the server's, read again after a join (it counts the new member). */
  async function recount(organizationId: string) {
    try {
      const profile = await call(organizationsEndpoints.profile, { params: { id: organizationId } });
      setResults(
        (list) =>
          list?.map((o) => (o.id === organizationId ? { ...o, member_count: profile.member_count } : o)) ??
          null,
      );
    } catch {
      // The workspace reloads shortly after a join; the old count stays until the next search.
    }
  }

  async function join(organization: SearchResult) {
    setJoining(organization.id);
    setNotice(null);
    try {
      const result = await call(organizationsEndpoints.join, { params: { id: organization.id } });
      setResults(
        (list) =>
          list?.map((o) =>
            o.id === organization.id
              ? { ...o, joined: result.status === "joined", pending: result.status === "pending" }
              : o,
          ) ?? null,
      );
      setNotice({ tone: "success", text: result.message });
      if (result.status === "joined") void recount(organization.id);
      if (result.status === "joined") {
        if (reloadTimer.current) clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(() => void refresh(), RELOAD_AFTER_JOIN_MS);
      }
    } catch (failure) {
      setNotice({ tone: "error", text: joinErrorText(failure) });
    } finally {
      setJoining(null);
    }
  }

  const count = results?.length ?? 0;
  return (
    <div className="so-page">
      <button type="button" className="btn btn-ghost so-back" onClick={() => navigate(`/${area}`)}>
        <span aria-hidden="true">←</span> Back
      </button>
      <header className="so-header">
        <h1>Search Organizations</h1>
        <p className="muted">
          Find organizations on Votespace and join them to take part in their channels and elections.
        </p>
      </header>

      <search className="so-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search organizations
        </label>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="so-search-icon">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z"
          />
        </svg>
        <input
          id={searchId}
          type="search"
          placeholder="Search organizations by name, description, or location..."
          value={term}
          maxLength={100}
          onChange={(e) => setTerm(e.target.value)}
        />
      </search>

      {notice && (
        <div
          className={notice.tone === "success" ? "alert alert-success" : "alert alert-error"}
          role={notice.tone === "success" ? "status" : "alert"}
        >
          {notice.text}
        </div>
      )}

      {loadError ? (
        <div className="alert alert-error so-error" role="alert">
          <span>Organizations could not be loaded: {loadError}</span>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      ) : results === null ? (
        <p className="muted so-loading" role="status">
          Loading organizations...
        </p>
      ) : (
        <>
          <p className="so-count" aria-live="polite">
            {count} organization(s) found{loading && <span className="so-searching"> · Searching...</span>}
          </p>
          {count === 0 ? (
            <div className="so-empty card">
              {searchedTerm
                ? `No organizations match "${searchedTerm}". Try a different search term.`
                : "No organizations are currently available to join."}
            </div>
          ) : (
            <ul className="so-grid">
              {results.map((organization) => (
                <li key={organization.id} className="card so-card">
                  <div className="so-card-head">
                    <OrgLogo name={organization.name} url={organization.logo_url} size={52} />
                    <div className="so-card-title">
                      <h2>{organization.name}</h2>
                      <span className="so-card-meta">
                        {organization.member_count.toLocaleString()}{" "}
                        {organization.member_count === 1 ? "member" : "members"}
                        {organization.location && <> · {organization.location}</>}
                      </span>
                    </div>
                  </div>
                  <p className={organization.description ? "so-desc" : "so-desc muted"}>
                    {organization.description || "No description provided"}
                  </p>
                  <div className="so-card-foot">
                    {organization.joined ? (
                      <span className="so-joined">
                        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                          <path
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2.5"
                            strokeLinecap="round"
                            strokeLinejoin="round"
                            d="m5 12 5 5 9-10"
                          />
                        </svg>
                        Joined
                      </span>
                    ) : organization.pending ? (
                      <span className="so-pending">Request pending</span>
                    ) : organization.is_public ? (
                      <button
                        type="button"
                        className="btn btn-primary btn-block"
                        disabled={joining !== null}
                        aria-label={
                          joining === organization.id ? undefined : `Join Organization ${organization.name}`
                        }
                        onClick={() => void join(organization)}
                      >
                        {joining === organization.id ? "Joining..." : "Join Organization"}
                      </button>
                    ) : (
                      <span className="so-invite-only">Invite link only</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <section className="card so-help" aria-labelledby="so-help-title">
        <h2 id="so-help-title">How to Join Organizations</h2>
        <ul>
          <li>
            <strong>Public organizations</strong> are listed here: choose Join Organization to become a
            member.
          </li>
          <li>
            <strong>Private organizations</strong> are not listed: ask an administrator for an invite link.
          </li>
          <li>
            <strong>Some organizations require approval:</strong> your request waits until an administrator
            approves it, and the organization then appears in your workspace.
          </li>
        </ul>
      </section>
    </div>
  );
}
