import type { UserSettings } from "../../../../contract/settings";
import { api } from "../../api/http";

export const settingsApi = {
  get: () => api<UserSettings>("GET", "/api/settings"),
  /** `password`: asked for when the saved settings require it before sensitive actions. */
  save: (settings: UserSettings, password?: string) =>
    api<{ settings: UserSettings; message: string }>("PUT", "/api/settings", {
      ...settings,
      ...(password && { password }),
    }),
};
