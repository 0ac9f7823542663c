/**
 * The accounts' request bodies as zod schemas: the server parses each body with its schema and the
 * web forms validate with the same one. Apart from accounts.ts so a screen that only shows words and
 * calls endpoints does not load zod.
 */

import { DEFAULT_ID_TYPE, ID_TYPES, isCommonPassword, isValidPassword, phoneNumberOf } from "./accounts";
import { messages } from "./messages";
import { trimmed, z } from "./zod";

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite(trimmed)
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** A phone number (phoneNumberOf) in `field`, kept as its ASCII form; empty where `field` allows it. */
const asPhone = (field: z.ZodString) =>
  field
    .refine((text) => text === "" || phoneNumberOf(text) !== null, {
      error: messages.phoneInvalid,
      abort: true,
    })
    .overwrite((text) => phoneNumberOf(text) ?? text);

export const phoneNumber = asPhone(required(messages.phoneRequired, 30));

const email = z
  .string({ error: messages.emailRequired })
  .overwrite(trimmed)
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
  phone_number: phoneNumber,
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

/** The authenticator's six digits: none typed is asked for, not called wrong. */
const totpCode = z
  .string()
  .min(1, { error: messages.totpRequired, abort: true })
  .regex(/^\d{6}$/, { error: messages.totpCodeInvalid });

export const signInInput = z.strictObject({
  email: z
    .string({ error: messages.signInFieldsRequired })
    .overwrite(trimmed)
    .min(1, messages.signInFieldsRequired)
    .max(254),
  password: z.string({ error: messages.signInFieldsRequired }).min(1, messages.signInFieldsRequired).max(200),
  /** The authenticator's code, for accounts with two-factor sign-in. */
  code: totpCode.optional(),
});
export type SignInInput = z.input<typeof signInInput>;

export const updateProfileInput = z.strictObject({
  full_name: required(messages.fullNameRequired, 100).optional(),
  phone_number: asPhone(z.string().overwrite(trimmed).max(30)).optional(),
  /** A new phone number (where codes for the Phone method go) needs the password, and the code with two-factor on. */
  current_password: z.string().max(200).optional(),
  code: totpCode.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const passwordResetRequestInput = z.strictObject({ email });
const resetToken = z.string().min(1, messages.resetInvalid).max(200, messages.resetInvalid);

export const passwordResetConfirmInput = z.strictObject({ token: resetToken, password });

/** A reset link's token, checked when its page opens (a used or expired link says so at once). */
export const passwordResetParams = z.object({ token: resetToken });

export const totpCodeInput = z.strictObject({
  code: totpCode,
  /** When the user's settings ask for the password before sensitive actions. */
  password: z.string().min(1).max(200).optional(),
});

/** Proof of the factor in use, to re-enrol or turn two-factor off: the code the app shows now, or the password. */
export const totpProofInput = z.strictObject({
  code: totpCode.optional(),
  password: z.string().min(1, { error: messages.totpProofRequired }).max(200).optional(),
});
export type TotpProofInput = z.input<typeof totpProofInput>;
