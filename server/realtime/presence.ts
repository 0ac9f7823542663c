import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { organizationMemberships, presence, serverProcesses, users } from "../db/schema";
import type { Bus, BusLog } from "./bus";

/**
 * Liveness is judged on the database's clock (`now()`), not the process's: every process compares
 * the same heartbeats, so skewed hosts or a test's manual clock can never make one process forget
 * another that is alive.
 */
const FORGET_AFTER = sql`now() - interval '30 seconds'`;
const HEARTBEAT_MS = 10_000;

/** A user's own wish not to be shown online (settings › privacy); unset means shown. */
const showsOnlineStatus = sql`(${users.settings} -> 'privacy' ->> 'showOnlineStatus') is distinct from 'false'`;

/**
 * The members of the organization who are online now: a socket open in a live process, and not
 * hidden by their privacy setting. For "Online now" and the member list.
 */
export async function onlineUserIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: presence.userId })
    .from(presence)
    .innerJoin(
      serverProcesses,
      and(eq(serverProcesses.id, presence.processId), gt(serverProcesses.seenAt, FORGET_AFTER)),
    )
    .innerJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.userId, presence.userId),
        eq(organizationMemberships.organizationId, organizationId),
      ),
    )
    .innerJoin(users, eq(users.id, presence.userId))
    .where(showsOnlineStatus);
  return rows.map((row) => row.userId);
}

/** Whether the user has a socket open in a live process (whatever they chose to show). */
async function onlineAnywhere(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: presence.userId })
    .from(presence)
    .innerJoin(
      serverProcesses,
      and(eq(serverProcesses.id, presence.processId), gt(serverProcesses.seenAt, FORGET_AFTER)),
    )
    .where(eq(presence.userId, userId))
    .limit(1);
  return !!row;
}

/** What the user's organizations see of them: online (shown, with a socket open) or not. */
export async function seenOnline(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select({ shown: showsOnlineStatus }).from(users).where(eq(users.id, userId));
  return !!user?.shown && (await onlineAnywhere(db, userId));
}

/**
 * The user's presence told again to each of their organizations, after what they see of it
 * changed (`before`: seen online before the change): they chose to show or hide it (settings ›
 * privacy), and open member lists follow at once, where they kept the old state until reloaded.
 * Nothing is told when nothing others see changed (a save of other settings tells no one that a
 * hidden user is active). Hidden reads as offline.
 */
export async function announcePresenceOf(db: Db, bus: Bus, userId: string, before: boolean): Promise<void> {
  const online = await seenOnline(db, userId);
  if (online === before) return;
  const memberships = await db
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId));
  for (const { organizationId } of memberships)
    await bus.publish(`org:${organizationId}`, "presence.updated", {
      organization_id: organizationId,
      user_id: userId,
      online,
    });
}

/**
 * This process's share of presence: one row per connected user in `presence`, under this
 * process's row in `server_processes`, kept alive by a heartbeat. A process that stops beating is
 * forgotten by the others after 30 s, its presence rows with it (cascade). Each change of a user's
 * state is announced as `presence.updated` to their organizations.
 */
export class PresenceTracker {
  readonly processId = randomUUID();
  /** Open sockets per user in this process. */
  private readonly sockets = new Map<string, number>();
  /** Users whose presence row this process has written. */
  private readonly recorded = new Set<string>();
  /** One change at a time per user, in order: a quick connect and disconnect must not cross. */
  private readonly queues = new Map<string, Promise<void>>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: BusLog,
  ) {}

  async start(): Promise<void> {
    await this.register();
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat().catch((error) => this.log.warn({ err: error }, "presence heartbeat failed"));
    }, HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  connected(userId: string): void {
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    this.enqueue(userId);
  }

  disconnected(userId: string): void {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) this.sockets.set(userId, left);
    else this.sockets.delete(userId);
    this.enqueue(userId);
  }

  /** Waits for every queued change; for tests and shutdown. */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /** Records this process as alive; forgets processes that stopped beating and announces who left with them. */
  async heartbeat(): Promise<void> {
    if (this.stopped) return;
    const updated = await this.db
      .update(serverProcesses)
      .set({ seenAt: sql`now()` })
      .where(eq(serverProcesses.id, this.processId))
      .returning({ id: serverProcesses.id });
    if (updated.length === 0) {
      // Another process forgot us (we were paused longer than 30 s): our rows are gone; write them again.
      this.log.warn(
        { processId: this.processId },
        "presence: this process had been forgotten; registering again",
      );
      await this.register();
      this.recorded.clear();
      for (const userId of this.sockets.keys()) this.enqueue(userId);
    }
    await this.forgetSilentProcesses();
  }

  /** Stops the heartbeat and removes this process's rows; users connected nowhere else go offline. */
  async close(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    this.sockets.clear();
    for (const userId of this.recorded) this.enqueue(userId);
    await this.settled();
    this.stopped = true;
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.processId));
  }

  private async register(): Promise<void> {
    await this.db
      .insert(serverProcesses)
      .values({ id: this.processId, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: serverProcesses.id, set: { seenAt: sql`now()` } });
  }

  private enqueue(userId: string): void {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.sync(userId))
      .catch((error) => this.log.warn({ err: error, userId }, "presence update failed"))
      .finally(() => {
        if (this.queues.get(userId) === next) this.queues.delete(userId);
      });
    this.queues.set(userId, next);
  }

  /** Brings the user's row in line with their sockets here, and announces the change. */
  private async sync(userId: string): Promise<void> {
    if (this.stopped) return;
    const wanted = this.sockets.has(userId);
    if (wanted && !this.recorded.has(userId)) {
      await this.db
        .insert(presence)
        .values({ processId: this.processId, userId })
        .onConflictDoNothing({ target: [presence.processId, presence.userId] });
      this.recorded.add(userId);
      await this.announce(userId, true);
    } else if (!wanted && this.recorded.has(userId)) {
      await this.db
        .delete(presence)
        .where(and(eq(presence.processId, this.processId), eq(presence.userId, userId)));
      this.recorded.delete(userId);
      if (!(await this.onlineAnywhere(userId))) await this.announce(userId, false);
    }
  }

  /**
   * Deletes the presence of processes not seen for 30 s, then the processes. The delete returns
   * each row to one process only, so a departure is announced once even when several prune at once.
   */
  private async forgetSilentProcesses(): Promise<void> {
    const silent = this.db
      .select({ id: serverProcesses.id })
      .from(serverProcesses)
      .where(lt(serverProcesses.seenAt, FORGET_AFTER));
    const gone = await this.db
      .delete(presence)
      .where(inArray(presence.processId, silent))
      .returning({ userId: presence.userId });
    await this.db.delete(serverProcesses).where(lt(serverProcesses.seenAt, FORGET_AFTER));
    for (const userId of new Set(gone.map((row) => row.userId))) {
      if (!(await this.onlineAnywhere(userId))) await this.announce(userId, false);
    }
  }

  private onlineAnywhere(userId: string): Promise<boolean> {
    return onlineAnywhere(this.db, userId);
  }

  /** `presence.updated` to each of the user's organizations, unless they hide their status. */
  private async announce(userId: string, online: boolean): Promise<void> {
    const memberships = await this.db
      .select({ organizationId: organizationMemberships.organizationId })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(and(eq(organizationMemberships.userId, userId), showsOnlineStatus));
    for (const { organizationId } of memberships) {
      await this.bus.publish(`org:${organizationId}`, "presence.updated", {
        organization_id: organizationId,
        user_id: userId,
        online,
      });
    }
  }
}
