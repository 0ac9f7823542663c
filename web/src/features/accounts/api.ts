import type {
  Profile,
  RegisterOrganizationInput,
  RegisterVoterInput,
  RegistrationResult,
  SessionInfo,
  SignInInput,
  SignInResult,
  UpdateProfileInput,
} from "../../../../contract/accounts";
import type { TotpSetup } from "../../../../contract/organizations";
import { api } from "../../api/http";

export const accountsApi = {
  registerVoter: (input: RegisterVoterInput) =>
    api<RegistrationResult>("POST", "/api/accounts/voters", input),
  registerOrganization: (input: RegisterOrganizationInput) =>
    api<RegistrationResult>("POST", "/api/accounts/organizations", input),
  signIn: (input: SignInInput) => api<SignInResult>("POST", "/api/session", input),
  session: () => api<SessionInfo>("GET", "/api/session"),
  signOut: () => api<void>("DELETE", "/api/session"),
  updateProfile: (input: UpdateProfileInput) => api<SessionInfo>("PATCH", "/api/profile", input),
  requestPasswordReset: (email: string) =>
    api<{ success: true; message: string }>("POST", "/api/password-resets", { email }),
  resetPassword: (token: string, password: string) =>
    api<{ success: true; message: string }>("POST", "/api/password-resets/confirm", { token, password }),
  // `password`: when the user's settings ask for it before sensitive actions ("Require Password").
  twoFactorSetup: (password?: string) =>
    api<TotpSetup>("POST", "/api/account/two-factor/setup", password ? { password } : {}),
  twoFactorEnable: (code: string, password?: string) =>
    api<{ success: true }>("POST", "/api/account/two-factor/enable", { code, ...(password && { password }) }),
  twoFactorDisable: (code: string, password?: string) =>
    api<{ success: true }>("POST", "/api/account/two-factor/disable", {
      code,
      ...(password && { password }),
    }),
};

export type { Profile };
