import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomParticipants, serverProcesses } from "../../db/schema";
import { call } from "../../test/http";
import { planOf, rolledBack } from "../../test/plan";
import { type TestApp, testApp } from "../../test/support";
import { orphanedSeats, sweepRooms } from "./sweeper";
import { listening, roomWorkspace, seat } from "./test-room";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  baseUrl = await listening(t);
});
afterAll(() => t.close());

const media = { kind: "mesh" } as unknown as Parameters<typeof sweepRooms>[1];

describe("the room sweeper", () => {
  it("lets go a seat whose server process is gone, told through the foreign key", async () => {
    const { host, member, session } = await roomWorkspace(t);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const { socket } = await seat(baseUrl, member.cookie, session.id);
    const gone = `gone-${randomUUID()}`;
    const db = t.database.db;
    await db.insert(serverProcesses).values({ id: gone, seenAt: sql`now()` });
    const held = and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id));
    await db.update(roomParticipants).set({ processId: gone }).where(held);
    await db.delete(serverProcesses).where(eq(serverProcesses.id, gone));
    expect((await orphanedSeats(db)).filter((s) => s.sessionId === session.id)).toEqual([
      { sessionId: session.id, userId: member.id },
    ]);
    const { left } = await sweepRooms(t.app.context, media, t.app.log);
    expect(left).toBeGreaterThanOrEqual(1);
    const [row] = await db
      .select({ connected: roomParticipants.isConnected })
      .from(roomParticipants)
      .where(held);
    expect(row?.connected).toBe(false);
    await socket.close();
  });

  it("reads the seats held now, not the history of every seat ever taken", async () => {
    const { host, session, channel } = await roomWorkspace(t);
    const [look, byProcess] = await rolledBack(t.database.db, async (db) => {
      // 3,000 seats of sessions long over.
      await db.execute(sql`insert into room_sessions (channel_id, organization_id, kind, status, host_id, title, ended_at)
        select ${channel.id}::uuid, ${host.organizationId}::uuid, 'airing', 'ended', ${host.id}::uuid, 'Over', now()
        from generate_series(1, 3000)`);
      await db.execute(sql`insert into room_participants (session_id, user_id, channel_id, role, is_connected, left_at)
        select s.id, ${host.id}::uuid, ${channel.id}::uuid, 'listener', false, now()
        from room_sessions s where s.channel_id = ${channel.id}::uuid and s.id <> ${session.id}::uuid`);
      await db.execute(sql`analyze room_participants`);
      return [
        await planOf(db, orphanedSeats(db)),
        // What the foreign key runs when a process's row goes: its seats, by the process.
        await planOf(db, sql`update room_participants set process_id = null where process_id = ${"gone"}`),
      ];
    });
    expect(look).toContain("room_participants_orphaned_idx");
    expect(byProcess).toContain("room_participants_process_idx");
  });
});
