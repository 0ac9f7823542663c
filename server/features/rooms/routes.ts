import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messages } from "../../../contract/messages";
import { myStateInput, RECORDING_MAX_BYTES, recordingStateInput, roleInput } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { announceEnded, endRoomsOnSuspension } from "./ending";
import { announceRecording, announceSession, announceUpdated } from "./events";
import { mediaJoin } from "./media-join";
import { setRole, updateMyState } from "./participants";
import { roomChannel, sessionAccess } from "./policy";
import { presentSession } from "./presenter";
import { saveRecording } from "./recordings";
import { endSession, listRecordings, openSession, roomView, setRecording, startSession } from "./sessions";
import { installRoomSockets } from "./sockets";

const participantParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  userId: z.uuid({ error: messages.notFound }),
});

/** Airing and live rooms: sessions, participants, media, recordings; seats and signals on /api/ws. */
export async function roomRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock, bus } = ctx;
  const user = { config: { access: "user" as const } };
  const { media } = ctx;
  installRoomSockets(ctx, app.realtime, app.log);
  // A suspension stops the organization's running rooms at once (in every process; one ends each).
  const stopEndingOnSuspension = bus.onMessage(endRoomsOnSuspension(ctx, media, app.log));
  app.addHook("onClose", async () => stopEndingOnSuspension());

  /** The channel's open session (created as waiting when there is none), for the room screen. */
  app.post("/api/channels/:id/room", user, async (request) => {
    noBody(request.body);
    const viewer = currentUser(request);
    const { session, created } = await openSession(db, clock, media, viewer, idParam(request.params));
    if (created) await announceSession(bus, session);
    const { canHost } = await sessionAccess(db, viewer, session.id);
    return roomView(db, viewer, session, canHost);
  });

  app.get("/api/rooms/sessions/:id", user, async (request) => {
    const viewer = currentUser(request);
    const { session, canHost } = await sessionAccess(db, viewer, idParam(request.params));
    return roomView(db, viewer, session, canHost);
  });

  app.post("/api/rooms/sessions/:id/start", user, async (request) => {
    noBody(request.body);
    const { session, changed } = await startSession(db, clock, currentUser(request), idParam(request.params));
    if (changed) await announceSession(bus, session);
    return presentSession(session);
  });

  app.post("/api/rooms/sessions/:id/end", user, async (request) => {
    noBody(request.body);
    const { session, changed } = await endSession(db, clock, currentUser(request), idParam(request.params));
    if (changed) await announceEnded(bus, media, request.log, session);
    return presentSession(session);
  });

  app.put("/api/rooms/sessions/:id/recording", user, async (request) => {
    const input = parse(recordingStateInput, request.body);
    const { session, changed } = await setRecording(
      db,
      currentUser(request),
      idParam(request.params),
      input.is_recording,
    );
    if (changed) await announceSession(bus, session);
    return presentSession(session);
  });

  /** The viewer's own mute, video, screen share and raised hand. */
  app.patch("/api/rooms/sessions/:id/me", user, async (request) => {
    const input = parse(myStateInput, request.body);
    const change = await updateMyState(db, currentUser(request), idParam(request.params), input);
    await announceUpdated(bus, change);
    return change.participant;
  });

  /** The host promotes someone to speaker or moves them back to the audience. */
  app.put("/api/rooms/sessions/:id/participants/:userId/role", user, async (request) => {
    const { id, userId } = parse(participantParams, request.params);
    const input = parse(roleInput, request.body);
    const change = await setRole(db, currentUser(request), id, userId, input.role);
    await announceUpdated(bus, change);
    return change.participant;
  });

  /** How this participant's browser reaches the session's media; connected participants only. */
  app.get("/api/rooms/sessions/:id/media", user, (request) =>
    mediaJoin(db, media, currentUser(request), idParam(request.params)),
  );

  app.get("/api/channels/:id/recordings", user, async (request) => {
    const { channel } = await roomChannel(db, currentUser(request), idParam(request.params));
    return { recordings: await listRecordings(db, channel.id) };
  });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 2 },
    });
    scope.post("/api/rooms/sessions/:id/recordings", user, async (request, reply) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const { channelId, recording } = await saveRecording(
        ctx,
        currentUser(request),
        idParam(request.params),
        file,
      );
      await announceRecording(bus, channelId, recording);
      return reply.code(201).send(recording);
    });
  });
}
