import type { ReactNode } from "react";
import type { UserType } from "../../../../contract/accounts";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { Navigate, useLocation } from "../../router";
import { Status } from "../../ui/Status";
import { sameChannelIn } from "../workspace/areaPaths";
import { homeFor, useAuth } from "./AuthProvider";

function GuardState({ children }: { children: ReactNode }) {
  const { status, error } = useAuth();
  if (status === "loading") {
    return (
      <Status as="div" className="center-screen">
        Loading...
      </Status>
    );
  }
  if (status === "error") {
    return (
      <div className="center-screen" role="alert">
        <h1>{messages.connectionError}</h1>
        <p className="muted">{error}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * Signed-in users only; with `userType`, only that user type (an organization user elsewhere goes to
 * /organization, anyone else to /member; a channel's address goes to the same channel there, so a
 * channel link works in whichever area its reader has).
 */
export function RequireUser({ userType, children }: { userType?: UserType; children: ReactNode }) {
  return (
    <GuardState>
      <RequireUserInner userType={userType}>{children}</RequireUserInner>
    </GuardState>
  );
}

function RequireUserInner({ userType, children }: { userType?: UserType; children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  if (userType && user.user_type !== userType) {
    const home = homeFor(user);
    return <Navigate to={sameChannelIn(home, location.pathname, location.search) ?? home} replace />;
  }
  return <>{children}</>;
}

/** The path a visitor was sent away from (a guard's `from`, an invite's `returnTo`), if it is ours. */
export function returnPath(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const { returnTo, from } = state as { returnTo?: unknown; from?: unknown };
  const path = typeof returnTo === "string" ? returnTo : typeof from === "string" ? from : null;
  return path?.startsWith("/") && !path.startsWith("//") ? path : null;
}

/** /signup and /signin: a signed-in visitor goes to their area instead. */
export function GuestOnly({ children }: { children: ReactNode }) {
  return (
    <GuardState>
      <GuestOnlyInner>{children}</GuestOnlyInner>
    </GuardState>
  );
}

function GuestOnlyInner({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location.state) ?? homeFor(user)} replace />;
  return <>{children}</>;
}
