import { authorName, postsEndpoints } from "../../../../contract/posts";
import { useEndpointQuery } from "../../api/query";
import { Avatar } from "../../ui/Avatar";
import { useChannel, useChannelState } from "./context";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";
import { Highlighted } from "./RichText";
import { text } from "./text";

/** Results of a search of the channel's messages; choosing one jumps to it. */
export function SearchPanel({ query, onClose }: { query: string; onClose(): void }) {
  const { channel, jumpTo } = useChannel();
  const { state } = useChannelState();
  const search = useEndpointQuery(postsEndpoints.search, {
    params: { id: channel.id },
    query: { q: query },
  });

  // Live copies where the channel has them (an edit shows); gone when deleted.
  const results = (search.isSuccess ? search.data.posts : [])
    .map((post) => state.byId[post.id] ?? post)
    .filter((post) => !isDeleted(post.id));
  function isDeleted(id: string) {
    const { byId, timeline } = state;
    const known = byId[id];
    if (!known) return false;
    const oldest = timeline[0] ? byId[timeline[0]] : undefined;
    // Inside the loaded range but no longer in it: deleted.
    return !!oldest && known.created_at >= oldest.created_at && !timeline.includes(id);
  }

  return (
    <section className="tc-search-panel" aria-label={text.searchLabel}>
      <header className="tc-search-head">
        <p className="tc-search-summary" role="status">
          {search.isPending
            ? text.searching
            : search.isError
              ? search.error.message
              : results.length === 0
                ? text.noResults(query)
                : text.searchResults(results.length, query)}
        </p>
        <button type="button" className="tc-icon-button" aria-label={text.closeSearch} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {results.length > 0 && (
        <ul className="tc-search-results">
          {results.map((post) => (
            <li key={post.id}>
              <button type="button" className="tc-search-result" onClick={() => jumpTo(post)}>
                <Avatar name={authorName(post.author)} size={28} />
                <span className="tc-search-result-body">
                  <span className="tc-search-result-head">
                    <strong>{authorName(post.author)}</strong>
                    <time dateTime={post.created_at} title={fullTime(post.created_at)}>
                      {shortTime(post.created_at)}
                    </time>
                  </span>
                  <span className="tc-search-result-text">
                    <Highlighted value={post.content || post.attachment?.filename || ""} query={query} />
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
