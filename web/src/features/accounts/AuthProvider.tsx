import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Profile, SignInInput, UpdateProfileInput } from "../../../../contract/accounts";
import { accountsEndpoints } from "../../../../contract/accounts";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { messageOf } from "../../ui/messageOf";
import { readCachedProfile, writeCachedProfile } from "./storage";

type Status = "loading" | "ready" | "error";

interface AuthState {
  user: Profile | null;
  status: Status;
  /** The message of a failed session check (shown by the guards with 'Connection Error'). */
  error: string | null;
  signIn(input: SignInInput): Promise<Profile>;
  signOut(): Promise<void>;
  updateProfile(input: UpdateProfileInput): Promise<Profile>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [cached] = useState(readCachedProfile);
  const [user, setUserState] = useState<Profile | null>(cached);
  // With a cached profile the first paint needs no wait; the server check follows.
  const [status, setStatus] = useState<Status>(cached ? "ready" : "loading");
  const [error, setError] = useState<string | null>(null);

  const queryClient = useQueryClient();
  const shownFor = useRef(cached?.id ?? null);
  const setUser = useCallback(
    (profile: Profile | null) => {
      writeCachedProfile(profile);
      // Another user (or none): nothing read for the one before may show, even for a moment.
      if ((profile?.id ?? null) !== shownFor.current) {
        shownFor.current = profile?.id ?? null;
        queryClient.clear();
      }
      setUserState(profile);
    },
    [queryClient],
  );
  /** Counts sign-ins and sign-outs, so a slow first session check cannot undo one made after it started. */
  const changes = useRef(0);

  useEffect(() => {
    let cancelled = false;
    const startedAt = changes.current;
    const stale = () => cancelled || changes.current !== startedAt;
    call(accountsEndpoints.session)
      .then(({ profile }) => {
        if (stale()) return;
        setUser(profile);
        setStatus("ready");
      })
      .catch((failure: unknown) => {
        if (stale()) return;
        if (failure instanceof ApiError && failure.status === 401) {
          setUser(null);
          setStatus("ready");
        } else {
          setError(messageOf(failure));
          setStatus("error");
        }
      });
    return () => {
      cancelled = true;
    };
  }, [setUser]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      status,
      error,
      async signIn(input) {
        const result = await call(accountsEndpoints.signIn, { body: input });
        changes.current++;
        setUser(result.profile);
        setStatus("ready");
        return result.profile;
      },
      async signOut() {
        changes.current++;
        try {
          await call(accountsEndpoints.signOut);
        } finally {
          setUser(null);
          setError(null);
        }
      },
      async updateProfile(input) {
        if (!user) throw new Error(messages.noUser);
        const { profile } = await call(accountsEndpoints.updateProfile, { body: input });
        setUser(profile);
        return profile;
      },
    }),
    [user, status, error, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider");
  return state;
}

/** Where a signed-in user of this type belongs. */
export function homeFor(user: Pick<Profile, "user_type">): string {
  return user.user_type === "organization" ? "/organization" : "/member";
}
