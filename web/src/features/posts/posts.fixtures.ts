import type { Post } from "../../../../contract/posts";

/** Test data of the text channel's unit tests: a time `minute`s after noon, 1 January 2026. */
export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** A message of channel "c" whose text is its id, sent at `at(minute)`. */
export function post(id: string, minute: number, extra: Partial<Post> = {}): Post {
  return {
    id,
    channel_id: "c",
    organization_id: "o",
    content: id,
    author: null,
    attachment: null,
    image_url: null,
    forwarded_from: null,
    likes_count: 0,
    comments_count: 0,
    user_liked: false,
    reactions: [],
    is_pinned: false,
    is_bookmarked: false,
    created_at: at(minute),
    edited_at: null,
    ...extra,
  };
}
