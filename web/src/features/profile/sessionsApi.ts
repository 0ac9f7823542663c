import type { SessionInfo } from "../../../../contract/sessions";
import { api } from "../../api/http";

export const sessionsApi = {
  list: () => api<{ sessions: SessionInfo[] }>("GET", "/api/profile/sessions"),
  end: (id: string) => api<{ success: true; message: string }>("DELETE", `/api/profile/sessions/${id}`),
  endOthers: () => api<{ success: true; message: string }>("DELETE", "/api/profile/sessions"),
};
