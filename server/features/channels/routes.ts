import type { FastifyInstance } from "fastify";
import {
  channelMembersInput,
  channelPreferencesInput,
  createChannelInput,
  updateChannelInput,
} from "../../../contract/channels";
import { messages } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import {
  channelPosters,
  createChannel,
  deleteChannel,
  duplicateChannel,
  getChannel,
  listChannels,
  setChannelPosters,
  setChannelPreferences,
  updateChannel,
} from "./service";

export function channelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  const user = { config: { access: "user" as const } };
  const changed = (
    event: "channel.created" | "channel.updated" | "channel.deleted",
    channel: { id: string; organization_id: string },
  ) =>
    bus.publish(`org:${channel.organization_id}`, event, {
      channel_id: channel.id,
      organization_id: channel.organization_id,
    });

  app.get("/api/organizations/:id/channels", user, async (request) => ({
    channels: await listChannels(db, clock, currentUser(request), idParam(request.params)),
  }));

  app.get("/api/channels/:id", user, (request) =>
    getChannel(db, clock, currentUser(request), idParam(request.params)),
  );

  app.post("/api/channels", user, async (request, reply) => {
    const input = parse(createChannelInput, request.body);
    const channel = await createChannel(db, clock, currentUser(request), input);
    await changed("channel.created", channel);
    return reply.code(201).send({ channel, message: messages.channelCreated(channel.name) });
  });

  app.patch("/api/channels/:id", user, async (request) => {
    const input = parse(updateChannelInput, request.body);
    const channel = await updateChannel(db, clock, currentUser(request), idParam(request.params), input);
    await changed("channel.updated", channel);
    return { channel, message: input.name ? messages.channelRenamed(channel.name) : messages.settingsSaved };
  });

  app.post("/api/channels/:id/duplicate", user, async (request, reply) => {
    noBody(request.body);
    const channel = await duplicateChannel(db, clock, currentUser(request), idParam(request.params));
    await changed("channel.created", channel);
    return reply.code(201).send({ channel, message: messages.channelDuplicated(channel.name) });
  });

  app.delete("/api/channels/:id", user, async (request) => {
    const row = await deleteChannel(db, currentUser(request), idParam(request.params));
    await changed("channel.deleted", { id: row.id, organization_id: row.organizationId });
    return { success: true, message: messages.channelDeleted(row.name) };
  });

  app.put("/api/channels/:id/preferences", user, async (request) => {
    const input = parse(channelPreferencesInput, request.body);
    return {
      channel: await setChannelPreferences(db, clock, currentUser(request), idParam(request.params), input),
    };
  });

  app.get("/api/channels/:id/posters", user, async (request) => ({
    user_ids: await channelPosters(db, currentUser(request), idParam(request.params)),
  }));

  app.put("/api/channels/:id/posters", user, async (request) => {
    const { user_ids } = parse(channelMembersInput, request.body);
    const { userIds: saved, organizationId } = await setChannelPosters(
      db,
      currentUser(request),
      idParam(request.params),
      user_ids,
    );
    // Who may post changed: each member's channel record (its `can.post`) is read again at once.
    await changed("channel.updated", { id: idParam(request.params), organization_id: organizationId });
    return { user_ids: saved };
  });
}
