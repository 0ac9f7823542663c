import type { UserSettings } from "../../../../contract/settings";
import { api } from "../../api/http";

export const settingsApi = {
  get: () => api<UserSettings>("GET", "/api/settings"),
  save: (settings: UserSettings) =>
    api<{ settings: UserSettings; message: string }>("PUT", "/api/settings", settings),
};
