import type { Channel } from "../../../../contract/channels";

/** The query parameter that names the message a link points at. */
export const MESSAGE_PARAM = "message";

/**
 * A link to one message that works for anyone of the organization: `/text` sends each user to
 * their own area's text channel page, which scrolls to the message and highlights it. The link
 * grants nothing: the server answers only members of the channel's organization.
 */
export function permalink(channel: Pick<Channel, "id" | "name">, postId: string): string {
  const query = new URLSearchParams({
    channelId: channel.id,
    channelName: channel.name,
    [MESSAGE_PARAM]: postId,
  });
  return `${window.location.origin}/text?${query}`;
}

/** The address of one message on the text channel page of the reader's area (in-app navigation). */
export function messageAddress(area: string, channel: Pick<Channel, "id" | "name">, postId: string): string {
  const query = new URLSearchParams({
    channelId: channel.id,
    channelName: channel.name,
    [MESSAGE_PARAM]: postId,
  });
  return `/${area}/text?${query}`;
}
