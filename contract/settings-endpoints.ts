import { endpoint, typedAnswer } from "./endpoint";
import type { UserSettings } from "./settings";
import { saveSettingsInput, userSettingsSchema } from "./settings-input";

/** Settings' endpoints (the settings screen, saved on the server for this user). */
export const settingsEndpoints = {
  read: endpoint({ method: "GET", path: "/api/settings", access: "user", response: userSettingsSchema }),
  /** `password`: asked for when the saved settings require it before sensitive actions. */
  save: endpoint({
    method: "PUT",
    path: "/api/settings",
    access: "user",
    body: saveSettingsInput,
    response: typedAnswer<{ settings: UserSettings; message: string }>(),
  }),
};
