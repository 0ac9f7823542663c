import type { ReactNode } from "react";
import { Link } from "react-router";
import { BuildingIcon } from "./icons";
import { text } from "./text";
import type { Area } from "./WorkspaceContext";

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

/** A titled notice where content would be: no channels, no organization, not found. */
export function EmptyState({ icon, title, children, action, compact }: EmptyStateProps) {
  return (
    <div className={compact ? "ws-empty ws-empty-compact" : "ws-empty"}>
      {icon && <div className="ws-empty-icon">{icon}</div>}
      <h2 className="ws-empty-title">{title}</h2>
      {children && <p className="ws-empty-body">{children}</p>}
      {action}
    </div>
  );
}

/** The spec's 'No Organization' state, with its Search Organizations button. */
export function NoOrganization({ area, compact }: { area: Area; compact?: boolean }) {
  return (
    <EmptyState
      compact={compact}
      icon={<BuildingIcon size={compact ? 26 : 36} />}
      title={text.noOrganization}
      action={
        <Link to={`/${area}/search-organizations`} className="btn btn-primary">
          {text.searchOrganizations}
        </Link>
      }
    >
      {text.noOrganizationBody}
    </EmptyState>
  );
}
