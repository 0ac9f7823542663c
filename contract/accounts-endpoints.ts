import type { RegistrationResult, SessionInfo, SignInResult, TotpSetup } from "./accounts";
import {
  passwordResetConfirmInput,
  passwordResetParams,
  passwordResetRequestInput,
  registerOrganizationInput,
  registerVoterInput,
  signInInput,
  totpCodeInput,
  totpProofInput,
  updateProfileInput,
} from "./accounts-input";
import { done, endpoint, typedAnswer } from "./endpoint";

/** Accounts' endpoints: registration, sign-in and its session, the user's own profile, password resets, two-factor. */
export const accountsEndpoints = {
  registerVoter: endpoint({
    method: "POST",
    path: "/api/accounts/voters",
    access: "public",
    body: registerVoterInput,
    response: typedAnswer<RegistrationResult>(),
  }),
  registerOrganization: endpoint({
    method: "POST",
    path: "/api/accounts/organizations",
    access: "public",
    body: registerOrganizationInput,
    response: typedAnswer<RegistrationResult>(),
  }),
  signIn: endpoint({
    method: "POST",
    path: "/api/session",
    access: "public",
    body: signInInput,
    response: typedAnswer<SignInResult>(),
  }),
  /**
   * Who is signed in: `profile` null for a browser with no session (a signed-out page's question,
   * not a failure); a session that has ended is refused 401 with sessionExpired.
   */
  session: endpoint({
    method: "GET",
    path: "/api/session",
    access: "public",
    response: typedAnswer<{ profile: SessionInfo["profile"] | null }>(),
  }),
  /** Answered 204 with no body, signed in or not. */
  signOut: endpoint({
    method: "DELETE",
    path: "/api/session",
    access: "public",
    response: typedAnswer<void>(),
  }),
  /** Public so that a signed-out caller gets the spec's own words ("no user"). */
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/profile",
    access: "public",
    body: updateProfileInput,
    response: typedAnswer<SessionInfo>(),
  }),
  /** Answered 202, whether or not the address has an account. */
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/password-resets",
    access: "public",
    body: passwordResetRequestInput,
    response: done,
  }),
  /** Whether a reset link still works (unused, unexpired): 400 with the reset's words when not. */
  checkPasswordReset: endpoint({
    method: "GET",
    path: "/api/password-resets/:token",
    access: "public",
    params: passwordResetParams,
    response: done,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/password-resets/confirm",
    access: "public",
    body: passwordResetConfirmInput,
    response: done,
  }),
  twoFactorSetup: endpoint({
    method: "POST",
    path: "/api/account/two-factor/setup",
    access: "user",
    body: totpProofInput.default({}),
    response: typedAnswer<TotpSetup>(),
  }),
  twoFactorEnable: endpoint({
    method: "POST",
    path: "/api/account/two-factor/enable",
    access: "user",
    body: totpCodeInput,
    response: typedAnswer<{ success: true }>(),
  }),
  twoFactorDisable: endpoint({
    method: "POST",
    path: "/api/account/two-factor/disable",
    access: "user",
    body: totpProofInput,
    response: typedAnswer<{ success: true }>(),
  }),
};
