/**
 * The settings and the password a sensitive action carries, as zod schemas: the server parses with
 * them and the settings screen and the password prompts validate with the same ones. Apart from
 * settings.ts so a screen that only reads the settings does not load zod.
 */

import { SESSION_TIMEOUTS } from "./accounts";
import { settingsMessages } from "./settings";
import { z } from "./zod";

/** The settings screen's four sections (spec part 1 section 3, "Channel settings object"). */
export const userSettingsSchema = z.strictObject({
  notifications: z.strictObject({
    enabled: z.boolean(),
    mentions: z.boolean(),
    allMessages: z.boolean(),
    sounds: z.boolean(),
    /**
     * The browser shows a notification for a mention or a direct message while the tab is hidden
     * or shows something else (Web Notifications; the browser asks the member's permission too).
     */
    browser: z.boolean().default(false),
    /**
     * Election notices and reminders by e-mail and direct message. Verification codes, password
     * resets and invitations always go.
     */
    electionNotices: z.boolean().default(true),
  }),
  privacy: z.strictObject({
    showOnlineStatus: z.boolean(),
    allowDirectMessages: z.boolean(),
    showReadReceipts: z.boolean(),
    /** Other members see my e-mail address (administrators always do). Off unless chosen. */
    shareEmail: z.boolean().default(false),
  }),
  channels: z.strictObject({
    mutedChannels: z.array(z.uuid()).max(5000),
    hiddenChannels: z.array(z.uuid()).max(5000),
    favoriteChannels: z.array(z.uuid()).max(5000),
  }),
  security: z.strictObject({
    requirePassword: z.boolean(),
    twoFactorAuth: z.boolean(),
    sessionTimeout: z.union(
      SESSION_TIMEOUTS.map((m) => z.literal(m)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
      {
        error: "Session timeout must be 15, 30, 60 or 120 minutes, or Never",
      },
    ),
  }),
});
export type UserSettings = z.output<typeof userSettingsSchema>;

/** The password a sensitive action carries when the user's "Require Password" is on. */
const confirmingPassword = z.string().min(1, { error: settingsMessages.passwordNeeded }).max(200).optional();

/** Saving the settings screen: the settings, and the password when the saved settings ask for it. */
export const saveSettingsInput = userSettingsSchema.extend({ password: confirmingPassword });

/** A sensitive action with no other input (a new invite link): only the password, when asked for. */
export const passwordConfirmInput = z.strictObject({ password: confirmingPassword });
