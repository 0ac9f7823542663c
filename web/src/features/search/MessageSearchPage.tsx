import { useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { SearchHit } from "../../../../contract/search";
import { messageOf } from "../../ui/messageOf";
import { openConversation } from "../chat/openConversation";
import { MESSAGE_PARAM } from "../posts/permalink";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { searchApi } from "./api";
import { HitItem } from "./HitItem";
import { text } from "./text";
import "./search.css";

type Results =
  | { state: "idle" }
  | { state: "searching" }
  | { state: "error"; message: string }
  | { state: "done"; hits: SearchHit[]; cursor: string | null; more: "idle" | "loading" | string };

/**
 * The organization's search results (`/{area}/search?q=`): messages and comments of its channels,
 * the member's own direct messages with its members and attachments by name, newest first.
 */
export default function MessageSearchPage() {
  const { area, currentId } = useWorkspace();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get("q") ?? "").trim();
  const [results, setResults] = useState<Results>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the search (Retry)
  useEffect(() => {
    if (!currentId || !q) {
      setResults({ state: "idle" });
      return;
    }
    let cancelled = false;
    setResults({ state: "searching" });
    searchApi
      .search(currentId, q)
      .then((page) => {
        if (!cancelled)
          setResults({ state: "done", hits: page.hits, cursor: page.next_cursor, more: "idle" });
      })
      .catch((failure) => {
        if (!cancelled) setResults({ state: "error", message: messageOf(failure) });
      });
    return () => {
      cancelled = true;
    };
  }, [currentId, q, attempt]);

  const loadMore = useCallback(async () => {
    if (results.state !== "done" || !results.cursor || !currentId) return;
    setResults({ ...results, more: "loading" });
    try {
      const page = await searchApi.search(currentId, q, results.cursor);
      setResults({
        state: "done",
        hits: [...results.hits, ...page.hits],
        cursor: page.next_cursor,
        more: "idle",
      });
    } catch (failure) {
      setResults({ ...results, more: messageOf(failure) });
    }
  }, [results, currentId, q]);

  const open = (hit: SearchHit) => {
    if (hit.channel && hit.post_id) {
      const query = new URLSearchParams({
        channelId: hit.channel.id,
        channelName: hit.channel.name,
        [MESSAGE_PARAM]: hit.post_id,
      });
      navigate(`/${area}/text?${query}`);
    } else if (hit.partner) {
      openConversation(hit.partner.id);
    }
  };

  return (
    <section className="os-page" aria-labelledby="os-title">
      <h1 id="os-title">{text.title}</h1>
      {!currentId ? (
        <p className="muted">{text.noOrganization}</p>
      ) : results.state === "idle" ? (
        <p className="muted">{text.typeSomething}</p>
      ) : results.state === "searching" ? (
        <p role="status">{text.searching}</p>
      ) : results.state === "error" ? (
        <div role="alert" className="os-error">
          <p>{results.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            {text.retry}
          </button>
        </div>
      ) : (
        <>
          <p role="status" className="os-summary">
            {results.hits.length === 0
              ? text.noResults(q)
              : text.results(results.hits.length, !!results.cursor, q)}
          </p>
          {results.hits.length > 0 && (
            <ul className="os-hits">
              {results.hits.map((hit) => (
                <HitItem key={`${hit.kind}:${hit.id}`} hit={hit} onOpen={open} />
              ))}
            </ul>
          )}
          {results.more !== "idle" && results.more !== "loading" && (
            <p role="alert" className="os-error">
              {results.more}
            </p>
          )}
          {results.cursor && (
            <button
              type="button"
              className="btn os-more"
              disabled={results.more === "loading"}
              onClick={loadMore}
            >
              {results.more === "loading" ? text.loadingMore : text.loadMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
