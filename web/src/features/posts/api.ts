import type {
  Attachment,
  Comment,
  Mention,
  Post,
  PostPage,
  Reaction,
  Report,
} from "../../../../contract/posts";
import { ApiError, api, NetworkError } from "../../api/http";

export type Collection = "pins" | "bookmarks" | "media" | "files";

export const postsApi = {
  page: (channelId: string, before?: string) =>
    api<PostPage>(
      "GET",
      `/api/channels/${channelId}/posts${before ? `?before=${encodeURIComponent(before)}` : ""}`,
    ),
  get: (postId: string) => api<Post>("GET", `/api/posts/${postId}`),
  create: (channelId: string, input: { content: string; attachment_id?: string }) =>
    api<Post>("POST", `/api/channels/${channelId}/posts`, input),
  edit: (postId: string, content: string) => api<Post>("PATCH", `/api/posts/${postId}`, { content }),
  remove: (postId: string) => api<{ success: true }>("DELETE", `/api/posts/${postId}`),
  like: (postId: string, liked: boolean) =>
    api<{ likes_count: number; user_liked: boolean }>(liked ? "PUT" : "DELETE", `/api/posts/${postId}/like`),
  react: (postId: string, emoji: string, reacted: boolean) =>
    api<{ reactions: Reaction[] }>(
      reacted ? "PUT" : "DELETE",
      `/api/posts/${postId}/reactions/${encodeURIComponent(emoji)}`,
    ),
  pin: (postId: string, pinned: boolean) =>
    api<{ is_pinned: boolean }>(pinned ? "PUT" : "DELETE", `/api/posts/${postId}/pin`),
  bookmark: (postId: string, bookmarked: boolean) =>
    api<{ is_bookmarked: boolean }>(bookmarked ? "PUT" : "DELETE", `/api/posts/${postId}/bookmark`),
  comments: (postId: string) => api<{ comments: Comment[] }>("GET", `/api/posts/${postId}/comments`),
  comment: (postId: string, content: string) =>
    api<{ comment: Comment; comments_count: number }>("POST", `/api/posts/${postId}/comments`, { content }),
  editComment: (commentId: string, content: string) =>
    api<{ comment: Comment }>("PATCH", `/api/comments/${commentId}`, { content }),
  removeComment: (commentId: string) =>
    api<{ success: true; comments_count: number }>("DELETE", `/api/comments/${commentId}`),
  forward: (postId: string, channelId: string) =>
    api<Post>("POST", `/api/posts/${postId}/forward`, { channel_id: channelId }),
  report: (postId: string, reason: string) =>
    api<{ success: true; message: string }>("POST", `/api/posts/${postId}/report`, { reason }),
  collection: (channelId: string, kind: Collection) =>
    api<{ posts: Post[] }>("GET", `/api/channels/${channelId}/${kind}`),
  search: (channelId: string, q: string) =>
    api<{ posts: Post[] }>("GET", `/api/channels/${channelId}/search?q=${encodeURIComponent(q)}`),
  markRead: (channelId: string) => api<{ success: true }>("POST", `/api/channels/${channelId}/read`),
  typing: (channelId: string) => api<{ success: true }>("POST", `/api/channels/${channelId}/typing`),
  unread: (organizationId: string) =>
    api<{ unread: Record<string, number> }>("GET", `/api/organizations/${organizationId}/unread`),
  mentions: (organizationId: string) =>
    api<{ mentions: Mention[] }>("GET", `/api/organizations/${organizationId}/mentions`),
  reports: (organizationId: string) =>
    api<{ reports: Report[] }>("GET", `/api/organizations/${organizationId}/reports`),
  decideReport: (reportId: string, remove: boolean) =>
    api<{ success: true }>("POST", `/api/reports/${reportId}/${remove ? "remove" : "dismiss"}`),
};

export interface Upload {
  promise: Promise<Attachment>;
  abort(): void;
}

/**
 * Uploads one attachment (multipart, field "file") with progress. XMLHttpRequest rather than fetch:
 * fetch reports no upload progress. Failures carry the server's own words.
 */
export function uploadAttachment(
  channelId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Upload {
  const request = new XMLHttpRequest();
  const promise = new Promise<Attachment>((resolve, reject) => {
    request.open("POST", `/api/channels/${channelId}/attachments`);
    request.withCredentials = true;
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: { code: string; message: string } } | null;
      if (request.status >= 200 && request.status < 300) resolve(body as unknown as Attachment);
      else if (body?.error) reject(new ApiError(request.status, body.error.code, body.error.message));
      else reject(new ApiError(request.status, "unknown", `The server answered ${request.status}`));
    };
    request.onerror = () =>
      reject(new NetworkError("Could not reach the Votespace server. Check your connection and try again."));
    request.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
  return { promise, abort: () => request.abort() };
}
