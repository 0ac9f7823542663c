import { setTimeout as sleep } from "node:timers/promises";
import { eq, or, sql } from "drizzle-orm";
import type { AppContext, GuessDelay } from "../../context";
import type { Db } from "../../db/connect";
import { rateLimits } from "../../db/schema";
import { verifyPassword } from "../../lib/crypto";
import { countHit, forgiveHits, tooManyAttempts } from "../../lib/rate-limit";
import { secretsOf } from "./secrets";
import type { User } from "./sessions";

/** What throttling needs from the app. */
export type GuessGuard = Pick<AppContext, "db" | "clock" | "limits">;

export interface Guesser {
  /** Users (sign-in, vote password, profile, two-factor) or the platform admins' own sign-in. */
  realm: "user" | "admin";
  /** The account as typed (e-mail or username): unknown and known accounts are throttled alike. */
  account: string;
  ip: string;
}

export interface Guess {
  /** The secret was right: this attempt is taken back from every count (address and account). */
  right(): Promise<void>;
}

/** An account's own count of guesses, and the start of each address's count against it. */
function accountKey(realm: Guesser["realm"], typed: string) {
  const account = typed.trim().toLowerCase();
  return { own: `guess:${realm}:account:${account}`, pairs: `guess:${realm}:pair:${account}:` };
}

/**
 * Forgets the wrong guesses at an account (its own count, and every address's against it): a reset
 * by the link sent to its address proves its owner, who signs in with the new password at once
 * rather than after the lockout of the guesses made before. The addresses' own counts stay: they
 * are shared by everyone behind the address.
 */
export async function forgetGuesses(db: Db, realm: Guesser["realm"], account: string): Promise<void> {
  const keys = accountKey(realm, account);
  await db
    .delete(rateLimits)
    .where(or(eq(rateLimits.key, keys.own), sql`starts_with(${rateLimits.key}, ${keys.pairs})`));
}

/** How long an attempt waits when the account already had `wrongBefore` wrong guesses in the window. */
export function guessDelayMs(wrongBefore: number, free: number, delay: GuessDelay): number {
  const over = wrongBefore - free;
  if (over <= 0) return 0;
  return Math.min(delay.maxMs, delay.stepMs * 2 ** Math.min(over - 1, 20));
}

/**
 * The one throttle of every guess at a password or a one-time code (user and admin sign-in, the
 * vote's password, contact changes, two-factor). Each attempt counts, before the secret is
 * checked, against three windows: its address (refused beyond signInPerIp), the pair of address
 * and account (refused beyond signInPerAccountAddress) and the account alone, which never refuses
 * but makes every attempt wait, doubling, up to guessDelay.maxMs. So a flood of wrong guesses from
 * many addresses slows an account's sign-in but cannot lock its owner out: from an address of
 * their own, the right password still gets in. A right guess is taken back from every count
 * (`right()`, one hit each), so every count is of wrong guesses (and attempts still under way): a
 * polling station or a classroom behind one address is never refused for its voters signing in, and
 * its one budget of wrong guesses is no larger for them (taking back one hit buys no other).
 */
export async function beginGuess(
  guard: GuessGuard,
  who: Guesser,
  /** Told of a refusal before it is thrown; `first`: the first of its window (a record of it need not repeat). */
  onRefused?: (first: boolean) => Promise<void>,
): Promise<Guess> {
  const { db, clock, limits } = guard;
  const account = accountKey(who.realm, who.account);
  const keys = {
    ip: `guess:ip:${who.ip}`,
    pair: `${account.pairs}${who.ip}`,
    account: account.own,
  };
  const refuse = async (hits: number, window: { max: number }, retryAfter: number) => {
    await onRefused?.(hits === window.max + 1);
    return tooManyAttempts(retryAfter);
  };
  const byIp = await countHit(db, clock, keys.ip, limits.signInPerIp);
  if (byIp.hits > limits.signInPerIp.max) throw await refuse(byIp.hits, limits.signInPerIp, byIp.retryAfter);
  const byPair = await countHit(db, clock, keys.pair, limits.signInPerAccountAddress);
  if (byPair.hits > limits.signInPerAccountAddress.max)
    throw await refuse(byPair.hits, limits.signInPerAccountAddress, byPair.retryAfter);
  const byAccount = await countHit(db, clock, keys.account, limits.signInPerAccount);
  const wait = guessDelayMs(byAccount.hits - 1, limits.signInPerAccount.max, limits.guessDelay);
  // A timer, not a busy wait: other requests run meanwhile.
  if (wait > 0) await sleep(wait);
  // Exactly this attempt is taken back: signing in to an account of one's own buys no guess at another.
  return { right: () => forgiveHits(db, [keys.ip, keys.pair, keys.account]) };
}

/** Checks the signed-in user's password (to vote, to change contact details) under the sign-in throttle. */
export async function confirmPassword(
  guard: GuessGuard,
  user: User,
  password: string,
  ip: string,
): Promise<boolean> {
  const guess = await beginGuess(guard, { realm: "user", account: user.email, ip });
  const secrets = await secretsOf(guard.db, user.id);
  const right = !!secrets && (await verifyPassword(secrets.passwordHash, password));
  if (right) await guess.right();
  return right;
}
