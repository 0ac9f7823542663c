import type { Attachment } from "../../../../contract/posts";
import { ApiError, NetworkError } from "../../api/http";

/*
 * The attachment upload is not a declared endpoint: it is multipart (field "file") and reports its
 * progress, so it goes through XMLHttpRequest rather than the typed client (server side:
 * server/features/uploads/routes.ts, registered by hand for the same reason).
 */

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
