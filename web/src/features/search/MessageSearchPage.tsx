import { useInfiniteQuery } from "@tanstack/react-query";
import { type SearchHit, searchEndpoints } from "../../../../contract/search";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { endpointKey } from "../../api/query";
import { useNavigate, useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { openConversation } from "../chat/openConversation";
import { MESSAGE_PARAM } from "../posts/permalink";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { HitItem } from "./HitItem";
import styles from "./MessageSearchPage.module.css";
import { text } from "./text";

/**
 * The organization's search results (`/{area}/search?q=`): messages and comments of its channels,
 * the member's own direct messages with its members and attachments by name, newest first.
 */
export default function MessageSearchPage() {
  const { area, currentId } = useWorkspace();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get("q") ?? "").trim();
  const search = useInfiniteQuery({
    queryKey: endpointKey(searchEndpoints.search, { params: { id: currentId ?? "" }, query: { q } }),
    queryFn: ({ pageParam }) =>
      call(searchEndpoints.search, {
        params: { id: currentId ?? "" },
        query: { q, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: !!currentId && !!q,
  });
  const hits = search.data?.pages.flatMap((page) => page.hits) ?? [];
  const more = search.hasNextPage;

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
    <section className={styles.page} aria-labelledby="os-title">
      <h1 id="os-title">{text.title}</h1>
      {!currentId ? (
        <p className="muted">{text.noOrganization}</p>
      ) : !q ? (
        <p className="muted">{text.typeSomething}</p>
      ) : !search.data && search.isFetching ? (
        <Status>{text.searching}</Status>
      ) : !search.data ? (
        <div role="alert" className={styles.error}>
          <p>{search.error?.message}</p>
          {/* A search refused for what it is ("%_") is not helped by trying again. */}
          {!(search.error instanceof ApiError && search.error.status === 400) && (
            <button type="button" className="btn" onClick={() => void search.refetch()}>
              {text.retry}
            </button>
          )}
        </div>
      ) : (
        <>
          <Status className={styles.summary}>
            {hits.length === 0 ? text.noResults(q) : text.results(hits.length, more, q)}
          </Status>
          {hits.length > 0 && (
            <ul className={styles.hits}>
              {hits.map((hit) => (
                <HitItem key={`${hit.kind}:${hit.id}`} hit={hit} onOpen={open} />
              ))}
            </ul>
          )}
          {search.isFetchNextPageError && (
            <p role="alert" className={styles.error}>
              {search.error?.message}
            </p>
          )}
          {more && (
            <button
              type="button"
              className={cx("btn", styles.more)}
              disabled={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              {search.isFetchingNextPage ? text.loadingMore : text.loadMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
