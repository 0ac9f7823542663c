import { z } from "zod";
import { answer, done, endpoint } from "./endpoint";
import { messages } from "./messages";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const ID_TYPES = ["National ID", "Passport", "Voter Card", "Driver License"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const DEFAULT_ID_TYPE: IdType = "National ID";
export const USER_TYPES = ["voter", "organization"] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Session timeout choices in minutes; 0 means "Never" (kept 30 days). */
export const SESSION_TIMEOUTS = [15, 30, 60, 120, 0] as const;
export const DEFAULT_SESSION_TIMEOUT = 30;

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/**
 * Common and breached passwords of an allowed length, lower-cased: the list of the maintained
 * `@zxcvbn-ts/language-common` package (passwords seen most often in public breaches). Loaded once:
 * by the server at start, by a form when it opens (a lazy chunk of its own).
 */
let commonPasswords: ReadonlySet<string> | undefined;

export async function loadCommonPasswords(): Promise<void> {
  if (commonPasswords) return;
  // The attribute: plain Node (the compiled server, dist/server.mjs) imports JSON only with it.
  const { default: list } = await import("@zxcvbn-ts/language-common/src/passwords.json", {
    with: { type: "json" },
  });
  commonPasswords = new Set(
    (list as string[]).filter(isValidPassword).map((password) => password.toLowerCase()),
  );
}

/** True for a password on the list, whatever its case (false until the list is loaded). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords?.has(password.toLowerCase()) ?? false;
}

/** What is wrong with a new password, in the words the form and the server both give; null when nothing. */
export function passwordProblem(password: string): string | null {
  if (!isValidPassword(password)) return messages.passwordLength;
  if (isCommonPassword(password)) return messages.passwordCommon;
  return null;
}

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .max(254, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));

/** A new password: the spec's length rule, and not a common or breached one. */
export const newPassword = z
  .string({ error: messages.passwordLength })
  .refine(isValidPassword, { error: messages.passwordLength, abort: true })
  .refine((value) => !isCommonPassword(value), { error: messages.passwordCommon });
const password = newPassword;

export const registerVoterInput = z.strictObject({
  full_name: required(messages.fullNameRequired, 100),
  email,
  password,
  phone_number: required(messages.phoneRequired, 30),
  id_type: z.enum(ID_TYPES, { error: messages.idTypeInvalid }).default(DEFAULT_ID_TYPE),
  id_number: required(messages.idNumberRequired, 50),
});
export type RegisterVoterInput = z.input<typeof registerVoterInput>;

export const registerOrganizationInput = z.strictObject({
  full_name: required(messages.fullNameRequired, 100),
  email,
  password,
  organization: required(messages.organizationRequired, 100),
  country: required(messages.countryRequired, 60),
});
export type RegisterOrganizationInput = z.input<typeof registerOrganizationInput>;

export const signInInput = z.strictObject({
  email: z
    .string({ error: messages.signInFieldsRequired })
    .trim()
    .min(1, messages.signInFieldsRequired)
    .max(254),
  password: z.string({ error: messages.signInFieldsRequired }).min(1, messages.signInFieldsRequired).max(200),
  /** The authenticator's code, for accounts with two-factor sign-in. */
  code: z
    .string()
    .regex(/^\d{6}$/, { error: messages.totpCodeInvalid })
    .optional(),
});
export type SignInInput = z.input<typeof signInInput>;

export const updateProfileInput = z.strictObject({
  full_name: required(messages.fullNameRequired, 100).optional(),
  phone_number: z.string().trim().max(30).optional(),
  /** A new phone number (where codes for the Phone method go) needs the password, and the code with two-factor on. */
  current_password: z.string().max(200).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/, { error: messages.totpCodeInvalid })
    .optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const passwordResetRequestInput = z.strictObject({ email });
export const passwordResetConfirmInput = z.strictObject({
  token: z.string().min(1, messages.resetInvalid).max(200),
  password,
});

export interface RegistrationResult {
  success: true;
  message: string;
  user_id: string;
}

/** What sign-in returns about the user (spec part 1 section 3). */
export interface UserData {
  id: string;
  email: string;
  full_name: string;
  user_type: UserType;
  id_type: IdType | null;
  phone_number: string | null;
  organization_id: string | null;
}

/** The signed-in user's profile (spec part 1 section 3), with real timestamps. */
export interface Profile extends UserData {
  avatar_url: string;
  role: UserType;
  voter_id_hash: string | null;
  two_factor_enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface SignInResult {
  success: true;
  user_data: UserData;
  profile: Profile;
}

export interface SessionInfo {
  profile: Profile;
}

export const totpCodeInput = z.strictObject({
  code: z.string().regex(/^\d{6}$/, { error: messages.totpCodeInvalid }),
  /** When the user's settings ask for the password before sensitive actions. */
  password: z.string().min(1).max(200).optional(),
});

/** Proof of the factor in use, to re-enrol or turn two-factor off: the code the app shows now, or the password. */
export const totpProofInput = z.strictObject({
  code: z
    .string()
    .regex(/^\d{6}$/, { error: messages.totpCodeInvalid })
    .optional(),
  password: z.string().min(1, { error: messages.totpProofRequired }).max(200).optional(),
});
export type TotpProofInput = z.input<typeof totpProofInput>;

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  qr_data_url: string;
}

/** Accounts' endpoints: registration, sign-in and its session, the user's own profile, password resets, two-factor. */
export const accountsEndpoints = {
  registerVoter: endpoint({
    method: "POST",
    path: "/api/accounts/voters",
    access: "public",
    body: registerVoterInput,
    response: answer<RegistrationResult>(),
  }),
  registerOrganization: endpoint({
    method: "POST",
    path: "/api/accounts/organizations",
    access: "public",
    body: registerOrganizationInput,
    response: answer<RegistrationResult>(),
  }),
  signIn: endpoint({
    method: "POST",
    path: "/api/session",
    access: "public",
    body: signInInput,
    response: answer<SignInResult>(),
  }),
  session: endpoint({ method: "GET", path: "/api/session", access: "user", response: answer<SessionInfo>() }),
  /** Answered 204 with no body, signed in or not. */
  signOut: endpoint({ method: "DELETE", path: "/api/session", access: "public", response: answer<void>() }),
  /** Public so that a signed-out caller gets the spec's own words ("no user"). */
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/profile",
    access: "public",
    body: updateProfileInput,
    response: answer<SessionInfo>(),
  }),
  /** Answered 202, whether or not the address has an account. */
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/password-resets",
    access: "public",
    body: passwordResetRequestInput,
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
    response: answer<TotpSetup>(),
  }),
  twoFactorEnable: endpoint({
    method: "POST",
    path: "/api/account/two-factor/enable",
    access: "user",
    body: totpCodeInput,
    response: answer<{ success: true }>(),
  }),
  twoFactorDisable: endpoint({
    method: "POST",
    path: "/api/account/two-factor/disable",
    access: "user",
    body: totpProofInput,
    response: answer<{ success: true }>(),
  }),
};
