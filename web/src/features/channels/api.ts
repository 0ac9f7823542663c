import type {
  Channel,
  ChannelPreferencesInput,
  CreateChannelInput,
  UpdateChannelInput,
} from "../../../../contract/channels";
import { api } from "../../api/http";

export const channelsApi = {
  list: (organizationId: string) =>
    api<{ channels: Channel[] }>("GET", `/api/organizations/${organizationId}/channels`),
  get: (id: string) => api<Channel>("GET", `/api/channels/${id}`),
  create: (input: CreateChannelInput) =>
    api<{ channel: Channel; message: string }>("POST", "/api/channels", input),
  update: (id: string, input: UpdateChannelInput) =>
    api<{ channel: Channel; message: string }>("PATCH", `/api/channels/${id}`, input),
  duplicate: (id: string) =>
    api<{ channel: Channel; message: string }>("POST", `/api/channels/${id}/duplicate`),
  remove: (id: string) => api<{ success: true; message: string }>("DELETE", `/api/channels/${id}`),
  setPreferences: (id: string, input: ChannelPreferencesInput) =>
    api<{ channel: Channel }>("PUT", `/api/channels/${id}/preferences`, input),
  posters: (id: string) => api<{ user_ids: string[] }>("GET", `/api/channels/${id}/posters`),
  setPosters: (id: string, userIds: string[]) =>
    api<{ user_ids: string[] }>("PUT", `/api/channels/${id}/posters`, { user_ids: userIds }),
};
