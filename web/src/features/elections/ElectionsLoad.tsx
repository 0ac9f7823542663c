import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type Election, electionMessages } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import { BallotIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";
import type { useOrganizationElections } from "./useElections";

/**
 * What `LoadState` needs of an election screen's read, in the election screens' words: the data,
 * the failure once the query stopped trying (a failed live refetch keeps the last data), and Retry.
 */
export function loadOf<T>(query: UseQueryResult<T, Error>) {
  return {
    data: query.data,
    error: query.isFetching ? null : query.error?.message,
    loadingLabel: text.loading,
    errorTitle: text.connectionError,
    retryLabel: text.retry,
    onRetry: () => void query.refetch(),
  };
}

/**
 * An organization's elections as the results and overview screens show them: loading, the
 * failure with Retry, "No elections" (`compact` in the overview card), or the list.
 */
export function ElectionsLoad({
  elections,
  compact = false,
  children,
}: {
  elections: ReturnType<typeof useOrganizationElections>;
  compact?: boolean;
  children(list: Election[]): ReactNode;
}) {
  const Title = compact ? "h3" : "h2";
  return (
    <LoadState
      {...loadOf(elections)}
      data={elections.data?.elections}
      isEmpty={(list) => list.length === 0}
      empty={
        <div className={compact ? cx(shared.empty, shared.emptyCompact) : shared.empty}>
          <span className={shared.emptyIcon} aria-hidden="true">
            <BallotIcon size={compact ? 26 : 32} />
          </span>
          <Title>{electionMessages.noElections}</Title>
          <p className="muted">{electionMessages.noElectionsText}</p>
        </div>
      }
    >
      {children}
    </LoadState>
  );
}
