import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { type AdminSessionInfo, adminEndpoints } from "../../../../contract/admin";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
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

/**
 * The dashboard's guard: the admin session is checked on the server (GET /api/admin/session);
 * without one the admin goes to /admin/signin. While checking: 'Loading...'; when the server
 * cannot be reached: 'Connection Error' with Retry.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<
    | { name: "loading" }
    | { name: "ready"; session: AdminSessionInfo }
    | { name: "signed-out"; notice?: string }
    | { name: "error"; message: string }
  >({ name: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's way to check again
  useEffect(() => {
    let cancelled = false;
    setState({ name: "loading" });
    call(adminEndpoints.session)
      .then((session) => {
        if (!cancelled) setState({ name: "ready", session });
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        if (failure instanceof ApiError && failure.status === 401) setState({ name: "signed-out" });
        else setState({ name: "error", message: messageOf(failure) });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const handleFailure = useCallback((failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 401) {
      setState({ name: "signed-out", notice: failure.message });
    }
  }, []);

  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    try {
      await call(adminEndpoints.signOut);
    } finally {
      // Nothing read for this admin may show to the next one.
      queryClient.clear();
      navigate("/admin/signin", { replace: true });
    }
  }, [navigate, queryClient]);

  const value = useMemo(
    () => (state.name === "ready" ? { session: state.session, signOut, handleFailure } : null),
    [state, signOut, handleFailure],
  );

  if (state.name === "loading") {
    return (
      <div className="center-screen" role="status">
        Loading...
      </div>
    );
  }
  if (state.name === "error") {
    return (
      <div className="center-screen" role="alert">
        <h1>{messages.connectionError}</h1>
        <p className="muted">{state.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </button>
      </div>
    );
  }
  if (state.name === "signed-out" || !value) {
    const signInState: SignInState = { notice: state.name === "signed-out" ? state.notice : undefined };
    return <Navigate to="/admin/signin" replace state={signInState} />;
  }
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionState {
  const state = useContext(AdminSessionContext);
  if (!state) throw new Error("useAdminSession must be used within RequireAdmin");
  return state;
}
