import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { SearchResult } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { useNavigate } from "../../router";
import { cx } from "../../ui/cx";
import { EmptyState } from "../../ui/EmptyState";
import { LoadState } from "../../ui/LoadState";
import { useDebounced } from "../../ui/useDebounced";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { errorText, joinErrorText } from "./errors";
import { REQUEST_PENDING, requestDecided } from "./joinWords";
import { OrgLogo } from "./OrgLogo";
import styles from "./SearchPage.module.css";

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
  const q = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useEndpointQuery(
    organizationsEndpoints.search,
    { query: { q } },
    { placeholderData: keepPreviousData },
  );
  // The term the results on screen answer (the last answer stays while the next term is searched).
  const [searchedTerm, setSearchedTerm] = useState(q);
  if (search.isSuccess && !search.isPlaceholderData && searchedTerm !== q) setSearchedTerm(q);
  const searching = search.isFetching || q !== term.trim();
  const [joining, setJoining] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const searchId = useId();
  const queryClient = useQueryClient();
  const joinOrganization = useEndpointMutation(organizationsEndpoints.join);

  /** An organization's name as a search on screen shows it. */
  const cardName = (organizationId: string) =>
    search.data?.organizations.find((o) => o.id === organizationId)?.name;

  /** Changes one organization's card in every search on screen or cached. */
  const setCard = (organizationId: string, change: (card: SearchResult) => SearchResult) =>
    queryClient.setQueriesData<{ organizations: SearchResult[] }>(
      { queryKey: endpointKey(organizationsEndpoints.search) },
      (answer) =>
        answer && {
          ...answer,
          organizations: answer.organizations.map((o) => (o.id === organizationId ? change(o) : o)),
        },
    );

  // An administrator decided a pending request: the card follows at once, and the line that said
  // the request was sent says how it was decided.
  useTopic(user ? `user:${user.id}` : null, {
    "join_request.decided": (event) => {
      setCard(event.organization_id, (o) => ({
        ...o,
        pending: false,
        joined: event.status === "approved" || o.joined,
      }));
      const name = cardName(event.organization_id) ?? event.organization?.name;
      if (name)
        setNotice({
          tone: event.status === "approved" ? "success" : "error",
          text: requestDecided(name, event.status),
        });
    },
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
      setCard(organizationId, (o) => ({ ...o, member_count: profile.member_count }));
    } catch {
      // The workspace reloads shortly after a join; the old count stays until the next search.
    }
  }

  async function join(organization: SearchResult) {
    setJoining(organization.id);
    setNotice(null);
    try {
      const result = await joinOrganization.mutateAsync({ params: { id: organization.id } });
      setCard(organization.id, (o) => ({
        ...o,
        joined: result.status === "joined",
        pending: result.status === "pending",
      }));
      setNotice({ tone: "success", text: result.message });
      // Waiting for an administrator: the workspace says so where it says "No Organization".
      if (result.status === "pending") void refresh();
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

  return (
    <div className={styles.page}>
      <button
        type="button"
        className={cx("btn", "btn-ghost", styles.back)}
        onClick={() => navigate(`/${area}`)}
      >
        <span aria-hidden="true">←</span> Back
      </button>
      <header className={styles.header}>
        <h1>Search Organizations</h1>
        <p className="muted">
          Find organizations on Votespace and join them to take part in their channels and elections.
        </p>
      </header>

      <search className={styles.search}>
        <label htmlFor={searchId} className="visually-hidden">
          Search organizations
        </label>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.searchIcon}>
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

      <LoadState
        data={search.data?.organizations}
        error={search.error ? errorText(search.error) : null}
        loadingLabel="Loading organizations..."
        errorTitle="Organizations could not be loaded"
        retryLabel="Retry"
        onRetry={() => void search.refetch()}
      >
        {(results) => (
          <>
            <p className={styles.count} aria-live="polite">
              {results.length} organization(s) found
              {searching && <span className={styles.searching}> · Searching...</span>}
            </p>
            {results.length === 0 ? (
              <EmptyState
                title={
                  searchedTerm
                    ? `No organizations match "${searchedTerm}". Try a different search term.`
                    : "No organizations are currently available to join."
                }
              />
            ) : (
              <ul className={styles.grid}>
                {results.map((organization) => (
                  <li key={organization.id} className={cx("card", styles.card)}>
                    <div className={styles.cardHead}>
                      <OrgLogo name={organization.name} url={organization.logo_url} size={52} />
                      <div className={styles.cardTitle}>
                        <h2>{organization.name}</h2>
                        <span className={styles.cardMeta}>
                          {organization.member_count.toLocaleString()}{" "}
                          {organization.member_count === 1 ? "member" : "members"}
                          {organization.location && <> · {organization.location}</>}
                        </span>
                      </div>
                    </div>
                    <p className={organization.description ? styles.desc : cx(styles.desc, "muted")}>
                      {organization.description || "No description provided"}
                    </p>
                    <div className={styles.cardFoot}>
                      {organization.joined ? (
                        <span className={styles.joined}>
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
                        <span className={styles.pending}>{REQUEST_PENDING}</span>
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
                        <span className={styles.inviteOnly}>Invite link only</span>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadState>

      <section className={cx("card", styles.help)} aria-labelledby="so-help-title">
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
