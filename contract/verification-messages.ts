/**
 * The verification dialog's words (and the server's for a wrong code): in a module of their own (apart
 * from electionMessages in elections.ts), so that the ballot page loads them with the dialog.
 */
export const verificationMessages = {
  invalidCode: "Invalid verification code. Please check and try again.",
  verificationError: "An error occurred during verification. Please try again.",
  verifyFailedDefault: "We could not verify your identity. Please try again.",
} as const;
