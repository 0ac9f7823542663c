import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Options } from "@node-rs/argon2";
import { insideTransaction } from "../db/transaction-scope";
import { Argon2ThreadError, argon2Threads } from "./argon2-threads";

/** A random, unguessable token (256 bits), URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export { sha256 } from "./sha256";

/** A keyed hash with a key derived from the master secret for one purpose. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  const key = createHmac("sha256", secret).update(purpose).digest();
  return createHmac("sha256", key).update(value).digest("hex");
}

/** argon2id (the package's Algorithm.Argon2id, a const enum we cannot import) with OWASP's parameters. */
const ARGON2: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * argon2 runs on threads of its own at the lowest CPU priority (argon2-threads.ts), off the event
 * loop; at most one core's fewer than the machine has at once, so a burst of sign-ins or
 * password-protected votes slows those requests, not everyone's.
 */
export const ARGON2_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let argon2: ReturnType<typeof argon2Threads> | undefined;
const threads = () => {
  argon2 ??= argon2Threads(ARGON2_CONCURRENCY);
  return argon2;
};

/** Refuses argon2 inside a transaction's callback: the database would wait on it (db/transaction-scope.ts). */
function outsideTransactions(): void {
  if (insideTransaction())
    throw new Error("argon2 inside a database transaction: hash before the transaction opens");
}

export function hashPassword(password: string): Promise<string> {
  outsideTransactions();
  return threads().hash(password, ARGON2);
}

/**
 * Whether the password matches. A hash argon2 cannot read is a mismatch; a thread that failed is
 * an error (answered 500 and logged), never "wrong password", which would count as a guess.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  outsideTransactions();
  return threads()
    .verify(passwordHash, password)
    .catch((error: unknown) => {
      if (error instanceof Argon2ThreadError) throw error;
      return false;
    });
}

/** Verified against when the account does not exist, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken(12));
  return dummyHash;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An invite code: 8 random alphanumeric characters (the spec's format), about 47 bits. */
export function newInviteCode(): string {
  const bytes = randomBytes(16);
  let code = "";
  for (const byte of bytes) {
    // 248 = 4 × 62: dropping higher bytes keeps every character equally likely.
    if (byte < 248) code += ALPHANUMERIC[byte % 62];
    if (code.length === 8) return code;
  }
  return code + newInviteCode().slice(code.length);
}

/** Encrypts a small secret for storage (AES-256-GCM with a key derived from the master secret). */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const key = createHmac("sha256", secret).update(`seal:${purpose}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

export function unseal(secret: string, purpose: string, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) throw new Error("sealed value is malformed");
  const key = createHmac("sha256", secret).update(`seal:${purpose}`).digest();
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}
