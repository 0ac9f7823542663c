/** The channels feature's endpoints, declared once; the schemas, types and messages they use are in `channels.ts`. */
import type { ChannelPosters } from "./channel-settings";
import type { Channel, ChannelCreated, ChannelSaved, DeliveredCodes } from "./channels";
import {
  channelMembersInput,
  channelPreferencesInput,
  createChannelInput,
  updateChannelInput,
} from "./channels-input";
import { done, endpoint, idParams, typedAnswer } from "./endpoint";

/** Channels' endpoints: an organization's channels, each one's settings and the viewer's choices. */
export const channelsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/organizations/:id/channels",
    access: "user",
    params: idParams,
    response: typedAnswer<{ channels: Channel[] }>(),
  }),
  /** Which verification codes this server delivers: the switches of those it cannot are not offered. */
  deliveredCodes: endpoint({
    method: "GET",
    path: "/api/channels/delivered-codes",
    access: "user",
    response: typedAnswer<DeliveredCodes>(),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/channels/:id",
    access: "user",
    params: idParams,
    response: typedAnswer<Channel>(),
  }),
  /** The answer's notice says so when the organization's first election turned Require Admin Approval on. */
  create: endpoint({
    method: "POST",
    path: "/api/channels",
    access: "user",
    body: createChannelInput,
    response: typedAnswer<ChannelCreated>(),
  }),
  /** The answer's message says "renamed" when the name changed, "saved" otherwise. */
  update: endpoint({
    method: "PATCH",
    path: "/api/channels/:id",
    access: "user",
    params: idParams,
    body: updateChannelInput,
    response: typedAnswer<ChannelSaved>(),
  }),
  duplicate: endpoint({
    method: "POST",
    path: "/api/channels/:id/duplicate",
    access: "user",
    params: idParams,
    response: typedAnswer<ChannelSaved>(),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/channels/:id",
    access: "user",
    params: idParams,
    response: done,
  }),
  setPreferences: endpoint({
    method: "PUT",
    path: "/api/channels/:id/preferences",
    access: "user",
    params: idParams,
    body: channelPreferencesInput,
    response: typedAnswer<{ channel: Channel }>(),
  }),
  /** Who may post in a channel where only chosen members post. */
  posters: endpoint({
    method: "GET",
    path: "/api/channels/:id/posters",
    access: "user",
    params: idParams,
    response: typedAnswer<ChannelPosters>(),
  }),
  setPosters: endpoint({
    method: "PUT",
    path: "/api/channels/:id/posters",
    access: "user",
    params: idParams,
    body: channelMembersInput,
    response: typedAnswer<ChannelPosters>(),
  }),
};
