import { messages } from "./messages";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const ID_TYPES = ["National ID", "Passport", "Voter Card", "Driver License"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const DEFAULT_ID_TYPE: IdType = "National ID";
export const USER_TYPES = ["voter", "organization"] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Session timeout choices in minutes; 0 means "Never" (kept 30 days). */
/**
 * Every sign-in ends this many days after it began, however active: "Never" (no idle expiry) keeps
 * a session 30 days, as DESIGN.md section 1 has it, and a cookie taken from a device is good for
 * that long at most.
 */
export const SESSION_LIFETIME_DAYS = 30;

export const SESSION_TIMEOUTS = [15, 30, 60, 120, 0] as const;
export const DEFAULT_SESSION_TIMEOUT = 30;

/** A decimal digit of any script (Arabic-Indic, Persian, Devanagari…) as its ASCII digit. */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0) as number;
  let zero = code;
  // Digits come in runs of ten from their zero; runs may follow one another, so the place counts.
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return String((code - zero) % 10);
}

/** Text with its digits, of whatever script or width (full width, Arabic-Indic…), as ASCII digits. */
export function asciiDigits(text: string): string {
  return text.normalize("NFKC").replace(/\p{Nd}/gu, (c) => (c >= "0" && c <= "9" ? c : asciiDigit(c)));
}

/**
 * A number text messages can reach (the Phone method's codes go there): 7 to 15 digits, as numbers
 * with their country code have, an optional + before them, and spaces, dashes, dots, slashes or
 * brackets between. Typed in full width or in another script's digits, it reads as its ASCII form,
 * its runs of spaces as one.
 */
export function phoneNumberOf(text: string): string | null {
  const number = asciiDigits(text).replace(/\s+/g, " ").trim();
  if (!/^\+?[\d ./()-]+$/.test(number)) return null;
  const digits = number.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15 ? number : null;
}

/** A phone number as compared with another: its ASCII form, or as typed (trimmed) when it is none. */
export const samePhone = (text: string): string => phoneNumberOf(text) ?? text.trim();

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/**
 * Common and breached passwords of an allowed length, lower-cased: the list of the maintained
 * `@zxcvbn-ts/language-common` package (passwords seen most often in public breaches). Loaded once:
 * by the server with the first request that carries a body (http/endpoint.ts), by a form when it
 * opens (a lazy chunk of its own).
 */
let commonPasswords: ReadonlySet<string> | undefined;
let loading: Promise<void> | undefined;

export function loadCommonPasswords(): Promise<void> {
  // The attribute: plain Node imports JSON only with it.
  loading ??= import("@zxcvbn-ts/language-common/src/passwords.json", { with: { type: "json" } }).then(
    ({ default: list }) => {
      commonPasswords = new Set(
        (list as string[]).filter(isValidPassword).map((password) => password.toLowerCase()),
      );
    },
  );
  return loading;
}

/** The list is loaded (a check that needs no turn of the event loop, where awaiting the load takes one). */
export function commonPasswordsLoaded(): boolean {
  return commonPasswords !== undefined;
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

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  qr_data_url: string;
}

// The schemas of the accounts' bodies (what the sign-up, sign-in and profile forms validate with).
export type {
  RegisterOrganizationInput,
  RegisterVoterInput,
  SignInInput,
  TotpProofInput,
  UpdateProfileInput,
} from "./accounts-input";
