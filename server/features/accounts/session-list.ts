import { and, desc, eq, gt } from "drizzle-orm";
import { type SessionInfo, sessionMessages } from "../../../contract/sessions";
import type { Db } from "../../db/connect";
import { sessions } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import { describeDevice } from "./device";
import { announceSessionsEnded, SESSION_LIFETIME_MS, type SessionEnding } from "./sessions";

/**
 * The handle a session is listed and ended by. The stored id is the hash of the cookie's token;
 * hashing it again keeps that id (which opens nothing, but is the table's key) off the wire.
 */
function handleOf(sessionId: string): string {
  return sha256(`session-handle:${sessionId}`).slice(0, 32);
}

/** The user's live sessions: the current one (marked) first, then the others by last use. */
export async function listSessions(
  db: Db,
  clock: Clock,
  userId: string,
  currentSessionId: string,
): Promise<SessionInfo[]> {
  const now = clock.now();
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  // This device first, then the others by last use.
  rows.sort((a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId));
  return rows.map((row) => ({
    id: handleOf(row.id),
    current: row.id === currentSessionId,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }));
}

/**
 * Ends another of the user's own sessions by its handle; another user's handle is simply not
 * found, and so is the current session (it ends by signing out, which also clears the cookie).
 */
export async function endSessionByHandle(
  { db, bus }: SessionEnding,
  userId: string,
  handle: string,
  currentSessionId: string,
): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => handleOf(row.id) === handle && row.id !== currentSessionId);
  if (!match) throw notFound(sessionMessages.notFound);
  await db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
  await announceSessionsEnded(bus, userId);
}
