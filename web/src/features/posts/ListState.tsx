import type { ReactNode } from "react";
import type { Collection, Post } from "../../../../contract/posts";
import { EmptyState } from "../../ui/EmptyState";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import parts from "./ChannelParts.module.css";
import { text } from "./text";
import { useList } from "./useList";

/** A tab's list through the kit's load state: loading, failure with Retry, the empty state, the list. */
export function ListState({
  kind,
  title,
  emptyTitle,
  emptyBody,
  children,
}: {
  kind: Collection;
  title: string;
  emptyTitle: string;
  emptyBody?: string;
  children(posts: Post[]): ReactNode;
}) {
  const list = useList(kind);
  return (
    <LoadState
      data={list.data?.posts}
      error={list.error ? messageOf(list.error) : null}
      loadingLabel={text.loading}
      errorTitle={text.listFailed}
      retryLabel={text.retry}
      onRetry={() => void list.refetch()}
      isEmpty={(posts) => posts.length === 0}
      empty={<EmptyState title={emptyTitle}>{emptyBody && <p>{emptyBody}</p>}</EmptyState>}
    >
      {(posts) => (
        <div className={parts.panelInner}>
          <h2 className={parts.panelTitle}>{title}</h2>
          {children(posts)}
        </div>
      )}
    </LoadState>
  );
}
