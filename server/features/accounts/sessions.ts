import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { SESSION_LIFETIME_DAYS } from "../../../contract/accounts";
import type { Db } from "../../db/connect";
import { batchParam, byKey, perDatabase, readAs } from "../../db/prepared";
import { sessions, users } from "../../db/schema";
import { batched } from "../../lib/batched";
import type { Clock } from "../../lib/clock";
import { newToken, sha256 } from "../../lib/crypto";
import type { Bus } from "../../realtime/bus";

/**
 * A signed-in user as every request holds it: the account's row without its secrets (the password
 * hash, the TOTP secret and its last step), which only the checks that need them read
 * (secrets.ts), so no request carries them into its handlers, its errors or a log line.
 */
export type User = Omit<typeof users.$inferSelect, "passwordHash" | "totpSecret" | "totpLastStep">;
const {
  passwordHash: _hash,
  totpSecret: _secret,
  totpLastStep: _step,
  ...userColumns
} = getTableColumns(users);

/** The columns of a `User`, for a select. */
export { userColumns };

/** Activity moves the idle expiry forward at most this often, to spare the database a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** Whether a request now moves the idle expiry of a session last seen at `lastSeenAt` on. */
export function touchDue(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS;
}
/**
 * However active, a session ends this long after sign-in: idle expiry alone would let a stolen
 * cookie stay signed in forever as long as something keeps using it. "Never" means "not on
 * idleness", within this lifetime (30 days, DESIGN.md section 1).
 */
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60_000;
/** "Never" keeps a session until its lifetime ends. */
const NEVER_MINUTES = SESSION_LIFETIME_MS / 60_000;

/** The idle expiry from `now`, never past the session's absolute end. */
function expiryFrom(now: Date, createdAt: Date, user: Pick<User, "sessionTimeoutMinutes">): Date {
  return new Date(
    Math.min(now.getTime() + idleMinutes(user) * 60_000, createdAt.getTime() + SESSION_LIFETIME_MS),
  );
}

export function idleMinutes(user: Pick<User, "sessionTimeoutMinutes">): number {
  return user.sessionTimeoutMinutes > 0 ? user.sessionTimeoutMinutes : NEVER_MINUTES;
}

/** Starts a server-side session and returns the cookie token; only its hash is stored. */
export async function createSession(
  db: Db,
  clock: Clock,
  user: User,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    id: sha256(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: expiryFrom(now, now, user),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return token;
}

/**
 * Every request reads its session. Lookups that arrive while one runs go together in the next
 * (lib/batched.ts): one statement, prepared once per database, for all of them, each session and
 * its user read by their keys (byKey: the planner scanned the whole table while it was small, and
 * planned each call anew).
 */
export function sessionsByIdQuery(db: Db) {
  return db
    .select({
      session: readAs({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      }),
      user: readAs(userColumns),
    })
    .from(
      sql`unnest(${batchParam("ids", "text[]")}) as asked(id)
        cross join ${byKey(sessions, sessions.id, sql`asked.id`)}
        cross join ${byKey(users, users.id, sql`${sessions.userId}`)}`,
    );
}

const sessionsById = perDatabase((db) => {
  const query = sessionsByIdQuery(db).prepare("sessions_by_id");
  return batched(
    async (ids: string[]) => {
      // The ids are hex digests: nothing to quote in the array literal.
      const rows = await query.execute({ ids: `{${ids.join(",")}}` });
      const byId = new Map(rows.map((row) => [row.session.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { max: 64 },
  );
});

/** The session's user, or null when the token is unknown, the session went idle too long or outlived its lifetime. */
export async function resolveSession(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ sessionId: string; user: User } | null> {
  const id = sha256(token);
  const row = await sessionsById(db)(id);
  if (!row) return null;
  const now = clock.now();
  const lifetimeOver = row.session.createdAt.getTime() + SESSION_LIFETIME_MS <= now.getTime();
  if (row.session.expiresAt <= now || lifetimeOver) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (touchDue(row.session.lastSeenAt, now)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expiryFrom(now, row.session.createdAt, row.user) })
      .where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user };
}

/** What ending sessions needs: the database, and the bus that tells the user's open tabs. */
export interface SessionEnding {
  db: Db;
  bus: Bus;
}

/**
 * Tells every process that sessions of the user ended: their sockets whose session is gone close
 * at once (4401), and their tabs sign out, rather than at the next sweep or the next request.
 */
export async function announceSessionsEnded(bus: Bus, userId: string): Promise<void> {
  try {
    await bus.publish(`user:${userId}`, "session.ended", { user_id: userId });
  } catch {
    // The sessions are ended all the same, and a sign-out must not fail on this (nor keep its
    // cookie): without the event, the next sweep closes those sockets within a minute.
  }
}

/** Ends one session of the user (signing out, or signing in again in the same browser). */
export async function endSession(
  { db, bus }: SessionEnding,
  userId: string,
  sessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await announceSessionsEnded(bus, userId);
}

/** Ends every session of the user, but the one named (after a password change, say). */
export async function endOtherSessions(
  { db, bus }: SessionEnding,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
  await announceSessionsEnded(bus, userId);
}
