import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { RECORDING_MAX_BYTES, roomsEndpoints } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { route } from "../../http/endpoint";
import { idParam } from "../../http/params";
import { announceEnded, endRoomsOnSuspension } from "./ending";
import { announceRecording, announceSession, announceUpdated } from "./events";
import { mediaJoin } from "./media-join";
import { setRole, updateMyState } from "./participants";
import { roomChannel, sessionAccess } from "./policy";
import { presentSession } from "./presenter";
import { saveRecording } from "./recordings";
import { endSession, listRecordings, openSession, roomView, setRecording, startSession } from "./sessions";
import { installRoomSockets } from "./sockets";

/** Airing and live rooms: sessions, participants, media, recordings; seats and signals on /api/ws. */
export async function roomRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock, bus } = ctx;
  const { media } = ctx;
  installRoomSockets(ctx, app.realtime, app.log);
  // A suspension stops the organization's running rooms at once (in every process; one ends each).
  const stopEndingOnSuspension = bus.onMessage(endRoomsOnSuspension(ctx, media, app.log));
  app.addHook("onClose", async () => stopEndingOnSuspension());

  const r = roomsEndpoints;
  /** The channel's open session (created as waiting when there is none), for the room screen. */
  route(app, r.open, async ({ auth, params }) => {
    const { session, created } = await openSession(db, clock, media, auth.user, params.id);
    if (created) await announceSession(bus, session);
    const { canHost } = await sessionAccess(db, auth.user, session.id);
    return roomView(db, auth.user, session, canHost);
  });

  route(app, r.get, async ({ auth, params }) => {
    const { session, canHost } = await sessionAccess(db, auth.user, params.id);
    return roomView(db, auth.user, session, canHost);
  });

  route(app, r.start, async ({ auth, params }) => {
    const { session, changed } = await startSession(db, clock, auth.user, params.id);
    if (changed) await announceSession(bus, session);
    return presentSession(session);
  });

  route(app, r.end, async ({ auth, params, request }) => {
    const { session, changed } = await endSession(db, clock, auth.user, params.id);
    if (changed) await announceEnded(bus, media, request.log, session);
    return presentSession(session);
  });

  route(app, r.setRecording, async ({ auth, params, body }) => {
    const { session, changed } = await setRecording(db, auth.user, params.id, body.is_recording);
    if (changed) await announceSession(bus, session);
    return presentSession(session);
  });

  route(app, r.setMine, async ({ auth, params, body }) => {
    const change = await updateMyState(db, auth.user, params.id, body);
    await announceUpdated(bus, change);
    return change.participant;
  });

  route(app, r.setRole, async ({ auth, params, body }) => {
    const change = await setRole(db, auth.user, params.id, params.userId, body.role);
    await announceUpdated(bus, change);
    return change.participant;
  });

  route(app, r.media, ({ auth, params }) => mediaJoin(db, media, auth.user, params.id));

  route(app, r.recordings, async ({ auth, params }) => {
    const { channel } = await roomChannel(db, auth.user, params.id);
    return { recordings: await listRecordings(db, channel.id) };
  });

  // Hand-registered: a multipart upload (the multipart plugin, scoped to this route, reads the
  // file; no schema parses the body). Declared in contract/rooms.ts all the same.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 2 },
    });
    scope.post(
      r.uploadRecording.path,
      { config: { access: r.uploadRecording.access } },
      async (request, reply) => {
        const file = request.isMultipart() ? await request.file() : undefined;
        const { channelId, recording } = await saveRecording(
          ctx,
          currentUser(request),
          idParam(request.params),
          file,
        );
        await announceRecording(bus, channelId, recording);
        return reply.code(201).send(recording);
      },
    );
  });
}
