import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { messages } from "../../../../contract/messages";
import {
  type AdminSessionInfo,
  platformAdminEndpoints,
  platformAdminMessages,
} from "../../../../contract/platform-admin";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { useEndpointQuery } from "../../api/query";
import { Navigate, useNavigate } from "../../router";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";

interface AdminSessionState {
  session: AdminSessionInfo;
  signOut(): Promise<void>;
  /** Called with a failure of an admin call: an ended session sends the admin to sign in again. */
  handleFailure(failure: unknown): void;
}

const AdminSessionContext = createContext<AdminSessionState | null>(null);

/** Where the sign-in page reads why it was sent there. */
export interface SignInState {
  notice?: string;
}

const signedOut = (failure: unknown): failure is ApiError =>
  failure instanceof ApiError && failure.status === 401;

/**
 * The dashboard's guard: the admin session is checked on the server (GET /api/admin/session);
 * without one (null, or 401 for one that ended) the admin goes to /admin/signin. While checking:
 * 'Loading...'; when the server cannot be reached: 'Connection Error' with Retry.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const check = useEndpointQuery(platformAdminEndpoints.session);
  const [ended, setEnded] = useState<{ notice?: string } | null>(null);

  const handleFailure = useCallback((failure: unknown) => {
    if (signedOut(failure)) setEnded({ notice: failure.message });
  }, []);

  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    try {
      await call(platformAdminEndpoints.signOut);
    } finally {
      // Nothing read for this admin may show to the next one.
      queryClient.clear();
      navigate("/admin/signin", { replace: true });
    }
  }, [navigate, queryClient]);

  const session = check.data;
  const value = useMemo(
    () => (session ? { session, signOut, handleFailure } : null),
    [session, signOut, handleFailure],
  );

  // No session (null) as read now, not as held from before a sign-in while the guard reads again.
  if (ended || signedOut(check.error) || (check.data === null && !check.isFetching)) {
    // The check itself may say the session ended (a reload, a new tab): said on the sign-in page
    // too; a visitor who never signed in is not told anything.
    const expired =
      signedOut(check.error) && check.error.message === platformAdminMessages.sessionExpired
        ? check.error.message
        : undefined;
    const signInState: SignInState = { notice: ended?.notice ?? expired };
    return <Navigate to="/admin/signin" replace state={signInState} />;
  }
  return (
    <LoadState
      data={value}
      error={check.error ? messageOf(check.error) : null}
      loadingLabel="Loading..."
      errorTitle={messages.connectionError}
      retryLabel="Retry"
      onRetry={() => void check.refetch()}
    >
      {(state) => <AdminSessionContext.Provider value={state}>{children}</AdminSessionContext.Provider>}
    </LoadState>
  );
}

export function useAdminSession(): AdminSessionState {
  const state = useContext(AdminSessionContext);
  if (!state) throw new Error("useAdminSession must be used within RequireAdmin");
  return state;
}

/** A tab's read failed: an ended admin session sends the admin to sign in again. */
export function useAdminFailure(failure: Error | null) {
  const { handleFailure } = useAdminSession();
  useEffect(() => {
    if (failure) handleFailure(failure);
  }, [failure, handleFailure]);
}
