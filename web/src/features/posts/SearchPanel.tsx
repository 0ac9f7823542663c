import type { Post } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { useEndpointQuery } from "../../api/query";
import { useChannel, useChannelState } from "./context";
import { ResultsPanel } from "./ResultsPanel";
import styles from "./ResultsPanel.module.css";
import { Highlighted } from "./RichText";
import { text } from "./text";

/** Results of a search of the channel's messages; choosing one jumps to it. */
export function SearchPanel({ query, onClose }: { query: string; onClose(): void }) {
  const { channel, jumpTo } = useChannel();
  const { timeline } = useChannelState();
  const search = useEndpointQuery(postsEndpoints.search, {
    params: { id: channel.id },
    query: { q: query },
  });

  // Live copies where the channel holds them (an edit shows); gone when deleted.
  const held = new Map(timeline.posts.map((post) => [post.id, post]));
  const oldest = timeline.posts[0];
  const results = (search.isSuccess ? search.data.posts : [])
    .map((post) => held.get(post.id) ?? post)
    // Inside the loaded range but no longer in it: deleted.
    .filter((post) => held.has(post.id) || !oldest || post.created_at < oldest.created_at);

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
      body={(post) => (
        <FoundPost
          post={post}
          query={query}
          reply={search.isSuccess ? search.data.replies[post.id] : undefined}
        />
      )}
      onOpen={jumpTo}
    />
  );
}

/**
 * A found message: its text, its file's name and the reply in its thread that matched (a message
 * may be found by any of them), matches marked.
 */
export function FoundPost({ post, query, reply }: { post: Post; query: string; reply?: string }) {
  return (
    <>
      {post.content && <Highlighted value={post.content} query={query} />}
      {post.attachment && (
        <span className={styles.file}>
          <Highlighted value={post.attachment.filename} query={query} />
        </span>
      )}
      {reply && (
        <span className={styles.file}>
          {text.inThread} <Highlighted value={reply} query={query} />
        </span>
      )}
    </>
  );
}
