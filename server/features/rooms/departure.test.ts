import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomParticipants } from "../../db/schema";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { listening, roomWorkspace, seat } from "./test-room";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  baseUrl = await listening(t);
});
afterAll(() => t.close());

describe("a member removed from the organization", () => {
  it("gives up their seat in its room at once, and may not take it again", async () => {
    const { host, member, session } = await roomWorkspace(t);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const { socket, answer } = await seat(baseUrl, member.cookie, session.id);
    expect(answer.type).toBe("room.joined");

    const removed = await call(t.app, host.cookie).delete(
      `/api/organizations/${host.organizationId}/members/${member.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await socket.next((m) => m.type === "room.left" && m.session_id === session.id)).toEqual({
      type: "room.left",
      session_id: session.id,
      reason: "ended",
    });
    const [row] = await t.database.db
      .select({ connected: roomParticipants.isConnected })
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id)));
    expect(row?.connected).toBe(false);
    const media = await call(t.app, member.cookie).get(`/api/rooms/sessions/${session.id}/media`);
    expect(media.statusCode).toBe(404);
    await socket.close();
  });
});
