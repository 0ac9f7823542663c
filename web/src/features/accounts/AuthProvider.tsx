import { type Query, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { forgetKeptForUser } from "../../api/keptForUser";
import { endpointKey } from "../../api/query";
import { noteSessionEnded, onSessionLost, sessionKept } from "../../api/sessionLost";
import { messageOf } from "../../ui/messageOf";
import { markSignedOut, readCachedProfile, writeCachedProfile } from "./storage";

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

/** The session query's key: it holds the signed-in profile, null when signed out. */
const sessionKey = endpointKey(accountsEndpoints.session);

/** Who is signed in: the server's session, null when there is none (answered null, or 401 for one that ended). */
async function readSession(): Promise<Profile | null> {
  try {
    return (await call(accountsEndpoints.session)).profile;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401) return null;
    throw failure;
  }
}

/**
 * The signed-in user, held by the session query: read once at start (a cached profile paints at
 * once, the server's check follows), then written by sign-in, sign-out and profile updates.
 * `status` and `error` are that query's state in the words the guards use.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [cached] = useState(readCachedProfile);
  const shownFor = useRef(cached?.id ?? null);
  /** Counts sign-ins and sign-outs, so a slow first session check cannot undo one made after it started. */
  const changes = useRef(0);

  /**
   * Remembers who is signed in; for another user (or none), nothing read for the one before stays.
   * A read still on its way for a screen shown, with nothing read yet (a public page's, begun
   * before the session's answer), is made again for this user: removed, it would be cancelled
   * without a word and its screen would say "Loading..." for good. The rest is removed (a screen
   * showing what it read, such as the invitation being accepted, keeps it until it moves on).
   */
  const adopt = useCallback(
    (profile: Profile | null) => {
      writeCachedProfile(profile);
      if ((profile?.id ?? null) !== shownFor.current) {
        shownFor.current = profile?.id ?? null;
        const others = (query: Query) => query.queryKey[0] !== sessionKey[0];
        const awaited = (query: Query) => query.state.data === undefined && query.isActive();
        void queryClient.resetQueries({ predicate: (query) => others(query) && awaited(query) });
        queryClient.removeQueries({ predicate: (query) => others(query) && !awaited(query) });
        queryClient.getMutationCache().clear();
        forgetKeptForUser();
      }
    },
    [queryClient],
  );
  const setUser = useCallback(
    (profile: Profile | null) => {
      adopt(profile);
      queryClient.setQueryData<Profile | null>(sessionKey, profile);
    },
    [adopt, queryClient],
  );

  const session = useQuery<Profile | null, Error>({
    queryKey: sessionKey,
    queryFn: async () => {
      const startedAt = changes.current;
      const profile = await readSession();
      // Signed in or out meanwhile: that stands.
      if (changes.current !== startedAt) return queryClient.getQueryData<Profile | null>(sessionKey) ?? null;
      adopt(profile);
      return profile;
    },
    // With a cached profile the first paint needs no wait; the server's check follows at once.
    initialData: () => readCachedProfile() ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
    refetchOnReconnect: false,
  });

  // A request or the socket says the session may have ended elsewhere: read it again; if it is
  // gone, this tab signs out (its guards then go to the sign-in page, and back after it).
  useEffect(
    () =>
      onSessionLost((why) => {
        if (!queryClient.getQueryData(sessionKey)) return;
        void queryClient.refetchQueries({ queryKey: sessionKey, exact: true }).then(() => {
          if (queryClient.getQueryData(sessionKey)) sessionKept();
          else noteSessionEnded(why);
        });
      }),
    [queryClient],
  );

  const user = session.data ?? null;
  const status: Status = session.isError ? "error" : session.data === undefined ? "loading" : "ready";
  const error = session.isError ? messageOf(session.error) : null;

  const value = useMemo<AuthState>(
    () => ({
      user,
      status,
      error,
      async signIn(input) {
        const result = await call(accountsEndpoints.signIn, { body: input });
        changes.current++;
        setUser(result.profile);
        return result.profile;
      },
      async signOut() {
        changes.current++;
        markSignedOut();
        try {
          await call(accountsEndpoints.signOut);
        } finally {
          setUser(null);
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
