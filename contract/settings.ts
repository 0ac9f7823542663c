import { DEFAULT_SESSION_TIMEOUT } from "./accounts";
import type { UserSettings } from "./settings-input";

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: {
    enabled: true,
    mentions: true,
    allMessages: false,
    sounds: true,
    browser: false,
    electionNotices: true,
  },
  privacy: { showOnlineStatus: true, allowDirectMessages: true, showReadReceipts: true, shareEmail: false },
  channels: { mutedChannels: [], hiddenChannels: [], favoriteChannels: [] },
  security: { requirePassword: false, twoFactorAuth: false, sessionTimeout: DEFAULT_SESSION_TIMEOUT },
};

export const SESSION_TIMEOUT_LABELS: Record<number, string> = {
  15: "15 minutes",
  30: "30 minutes",
  60: "1 hour",
  120: "2 hours",
  0: "Never",
};

/** Settings › Security › "Require Password": the password again before each sensitive action. */
export const settingsMessages = {
  passwordNeeded: "Enter your password to continue (your settings ask for it before sensitive actions).",
  passwordWrong: "That password is not right.",
};

// The settings' schemas (the settings screen and the password prompts validate with them).
export type { UserSettings } from "./settings-input";
