import { postsEndpoints } from "../../../../contract/posts";
import { useEndpointQuery } from "../../api/query";
import { useChannel, useChannelState } from "./context";
import { ResultsPanel } from "./ResultsPanel";
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
    <ResultsPanel
      label={text.searchLabel}
      summary={
        search.isPending
          ? text.searching
          : search.isError
            ? search.error.message
            : results.length === 0
              ? text.noResults(query)
              : text.searchResults(results.length, query)
      }
      closeLabel={text.closeSearch}
      onClose={onClose}
      items={results}
      postOf={(post) => post}
      body={(post) => <Highlighted value={post.content || post.attachment?.filename || ""} query={query} />}
      onOpen={jumpTo}
    />
  );
}
