import type { FastifyInstance } from "fastify";
import { channelMessages } from "../../../contract/channels";
import { channelsEndpoints } from "../../../contract/channels-endpoints";
import { messages } from "../../../contract/messages";
import { deliveredCodes } from "../../config";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { announceClosedReports } from "../posts/removal";
import { removeUploadFiles } from "../uploads/files";
import { refuseUndeliveredCodes } from "./checks";
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
  const codes = deliveredCodes(ctx.config);
  const changed = (
    event: "channel.created" | "channel.updated" | "channel.deleted",
    channel: { id: string; organization_id: string },
  ) =>
    bus.publish(`org:${channel.organization_id}`, event, {
      channel_id: channel.id,
      organization_id: channel.organization_id,
    });

  route(app, channelsEndpoints.list, async ({ auth, params }) => ({
    channels: await listChannels(db, clock, auth.user, params.id),
  }));

  route(app, channelsEndpoints.deliveredCodes, () => codes);

  route(app, channelsEndpoints.get, ({ auth, params }) => getChannel(db, clock, auth.user, params.id));

  route(app, channelsEndpoints.create, async ({ auth, body, reply }) => {
    refuseUndeliveredCodes(body.security_settings, codes);
    const { channel, approvalTurnedOnFor } = await createChannel(db, clock, auth.user, body);
    await changed("channel.created", channel);
    reply.code(201);
    const message = messages.channelCreated(channel.name);
    if (!approvalTurnedOnFor) return { channel, message };
    return { channel, message, notice: channelMessages.approvalTurnedOn(approvalTurnedOnFor) };
  });

  route(app, channelsEndpoints.update, async ({ auth, params, body }) => {
    const channel = await updateChannel(db, clock, auth.user, params.id, body, codes);
    await changed("channel.updated", channel);
    return { channel, message: body.name ? messages.channelRenamed(channel.name) : messages.settingsSaved };
  });

  route(app, channelsEndpoints.duplicate, async ({ auth, params, reply }) => {
    const channel = await duplicateChannel(db, clock, auth.user, params.id);
    await changed("channel.created", channel);
    reply.code(201);
    return { channel, message: messages.channelDuplicated(channel.name) };
  });

  route(app, channelsEndpoints.remove, async ({ auth, params }) => {
    const { row, removedUploads, closedReports } = await deleteChannel(db, clock, auth.user, params.id);
    await removeUploadFiles(ctx.storage, removedUploads);
    await changed("channel.deleted", { id: row.id, organization_id: row.organizationId });
    await announceClosedReports(ctx.bus, closedReports);
    return { success: true, message: messages.channelDeleted(row.name) };
  });

  route(app, channelsEndpoints.setPreferences, async ({ auth, params, body }) => ({
    channel: await setChannelPreferences(db, clock, auth.user, params.id, body),
  }));

  route(app, channelsEndpoints.posters, ({ auth, params }) => channelPosters(db, auth.user, params.id));

  route(app, channelsEndpoints.setPosters, async ({ auth, params, body }) => {
    const { posters, organizationId } = await setChannelPosters(
      db,
      auth.user,
      params.id,
      body.user_ids,
      body.version,
    );
    // Who may post changed: each member's channel record (its `can.post`) is read again at once.
    await changed("channel.updated", { id: params.id, organization_id: organizationId });
    return posters;
  });
}
