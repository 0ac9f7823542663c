import type { ReactNode } from "react";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import styles from "./EmptyState.module.css";
import { BuildingIcon } from "./icons";
import { shellText as text } from "./shellText";
import { type Area, useWorkspace } from "./WorkspaceContext";

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  /** It is the whole page (the main area holds nothing else): its title is the page's heading. */
  page?: boolean;
}

/** A titled notice where content would be: no channels, no organization, not found. */
export function EmptyState({ icon, title, children, action, compact, page }: EmptyStateProps) {
  const Title = page ? "h1" : "h2";
  return (
    <div className={cx(styles.empty, compact && styles.emptyCompact)}>
      {icon && <div className={styles.emptyIcon}>{icon}</div>}
      <Title className={styles.emptyTitle}>{title}</Title>
      {children && <p className={styles.emptyBody}>{children}</p>}
      {action}
    </div>
  );
}

/** The spec's 'No Organization' state, with its Search Organizations button. */
export function NoOrganization({
  area,
  compact,
  page = !compact,
}: {
  area: Area;
  compact?: boolean;
  /** It stands for the page (default unless compact); false inside a page with its own heading. */
  page?: boolean;
}) {
  const { pending, removedFrom } = useWorkspace();
  return (
    <EmptyState
      compact={compact}
      page={page}
      icon={<BuildingIcon size={compact ? 26 : 36} />}
      title={text.noOrganization}
      action={
        <>
          {removedFrom && !compact && (
            <Status className="alert alert-info">{messages.removedFromOrganization(removedFrom)}.</Status>
          )}
          {pending.length > 0 && !compact && (
            <Status className="alert alert-info">
              {text.requestWaiting(pending.map((organization) => organization.name))}
            </Status>
          )}
          <Link to={`/${area}/search-organizations`} className="btn btn-primary">
            {text.searchOrganizations}
          </Link>
        </>
      }
    >
      {text.noOrganizationBody}
    </EmptyState>
  );
}
