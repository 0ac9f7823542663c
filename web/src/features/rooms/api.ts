import { isApiErrorBody } from "../../../../contract/errors";
import type {
  MediaJoin,
  MyStateInput,
  Recording,
  RoomParticipant,
  RoomSession,
  RoomView,
} from "../../../../contract/rooms";
import { ApiError, api, NetworkError } from "../../api/http";

const session = (id: string) => `/api/rooms/sessions/${id}`;

export const roomsApi = {
  /** The channel's open session, created as waiting when there is none. */
  open: (channelId: string) => api<RoomView>("POST", `/api/channels/${channelId}/room`),
  get: (sessionId: string) => api<RoomView>("GET", session(sessionId)),
  start: (sessionId: string) => api<RoomSession>("POST", `${session(sessionId)}/start`),
  end: (sessionId: string) => api<RoomSession>("POST", `${session(sessionId)}/end`),
  setRecording: (sessionId: string, isRecording: boolean) =>
    api<RoomSession>("PUT", `${session(sessionId)}/recording`, { is_recording: isRecording }),
  setMine: (sessionId: string, input: MyStateInput) =>
    api<RoomParticipant>("PATCH", `${session(sessionId)}/me`, input),
  setRole: (sessionId: string, userId: string, role: "speaker" | "listener" | "viewer") =>
    api<RoomParticipant>("PUT", `${session(sessionId)}/participants/${userId}/role`, { role }),
  media: (sessionId: string) => api<MediaJoin>("GET", `${session(sessionId)}/media`),
  recordings: (channelId: string) =>
    api<{ recordings: Recording[] }>("GET", `/api/channels/${channelId}/recordings`),
  async uploadRecording(sessionId: string, file: Blob, filename: string): Promise<Recording> {
    const form = new FormData();
    form.append("file", file, filename);
    let response: Response;
    try {
      response = await fetch(`${session(sessionId)}/recordings`, {
        method: "POST",
        credentials: "same-origin",
        body: form,
      });
    } catch {
      throw new NetworkError("Could not reach the Votespace server. Check your connection and try again.");
    }
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
      throw new ApiError(response.status, "unknown", `The server answered ${response.status}`);
    }
    return data as Recording;
  },
};
