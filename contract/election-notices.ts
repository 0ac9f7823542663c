/**
 * An election's notices and reminders: which messages go to its voters, the reminder to those who
 * have not voted, and what has been sent. Part of the elections feature.
 */

import { endpoint, idParams, typedAnswer } from "./endpoint";
import { z } from "./zod";

/** The notices an administrator may switch per election, in the order they go out. */
export const NOTICE_KINDS = [
  "election_scheduled",
  "voting_open",
  "voting_closed",
  "results_published",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_LABELS: Record<NoticeKind, string> = {
  election_scheduled: "Announcement",
  voting_open: "Voting open",
  voting_closed: "Voting closed",
  results_published: "Results published",
};

/** The hours before the end at which the scheduled reminder may go (null: none). */
export const REMINDER_HOURS = [2, 6, 24, 48] as const;

/** The announcement waits this long after the election is created, so the ballot can be finished first. */
export const ANNOUNCEMENT_DELAY_MINUTES = 10;
/** The reminder button may be pressed once per this many minutes. */
export const REMINDER_INTERVAL_MINUTES = 60;

export const noticeSettingsSchema = z.strictObject({
  election_scheduled: z.boolean(),
  voting_open: z.boolean(),
  voting_closed: z.boolean(),
  results_published: z.boolean(),
  reminder_hours_before: z
    .literal(REMINDER_HOURS, {
      error: "Choose when the reminder goes: 2, 6, 24 or 48 hours before voting closes, or never",
    })
    .nullable(),
});
export type NoticeSettings = z.output<typeof noticeSettingsSchema>;

/**
 * A save of the notice settings names only what it changes (each switch is saved as it is turned):
 * a tab opened before another administrator's change never writes the other switches back with its
 * old values. A body with every setting replaces them all, as before.
 */
export const noticeSettingsChange = noticeSettingsSchema.partial();
export type NoticeSettingsChange = z.output<typeof noticeSettingsChange>;

/** Every notice on, no scheduled reminder: what an election starts with. */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = {
  election_scheduled: true,
  voting_open: true,
  voting_closed: true,
  results_published: true,
  reminder_hours_before: null,
};

/** One notice or reminder that went out (to the outbox: the e-mails leave from there). */
/** How an election's letters of one kind fared in the outbox. */
export interface NoticeDelivery {
  delivered: number;
  /** Queued or being sent: not left yet (a mail server refusing for now is tried again). */
  waiting: number;
  /** Not sent because voting ended first (they said voting is open). */
  expired: number;
  failed: number;
}

export interface SentNotice {
  kind: NoticeKind | "reminder";
  /** Pressed by an administrator (a reminder), else sent by the schedule. */
  manual: boolean;
  queued_at: string;
  /** How many voters it was queued for. */
  recipients: number;
  /**
   * How the letters of this kind fared, on the last notice of its kind (every reminder's together);
   * null on the others, and where they went as another kind's (voting closed, inside the results' letter).
   */
  delivery: NoticeDelivery | null;
}

export interface ElectionNotices {
  settings: NoticeSettings;
  sent: SentNotice[];
  reminder: {
    /** Voting is open: the button can remind. */
    available: boolean;
    /**
     * Voters on the roll without a disclosed participation (what the Voters tab already shows as
     * "not yet"), so it moves only when a seal discloses a batch; null while voting is not open.
     */
    not_voted: number | null;
    /** Before this the button refuses (once an hour); null when it may be pressed now. */
    next_at: string | null;
  };
}

export interface ReminderSent {
  /** Voters the reminder was queued for by e-mail (those who turned notices off are left out). */
  emails: number;
  /** Direct messages sent in the workspace (to those who accept them). */
  direct_messages: number;
  next_at: string;
}

export const noticeMessages = {
  saved: "Notice settings saved.",
  notOpen: "Reminders can be sent only while voting is open.",
  tooSoon: (next: string) =>
    `A reminder was sent less than an hour ago. You can send the next one at ${next}.`,
};

const notices = "/api/elections/:id/notices";

export const electionNoticesEndpoints = {
  read: endpoint({
    method: "GET",
    path: notices,
    params: idParams,
    access: "organization",
    response: typedAnswer<ElectionNotices>(),
  }),
  save: endpoint({
    method: "PUT",
    path: notices,
    params: idParams,
    access: "organization",
    body: noticeSettingsChange,
    response: typedAnswer<ElectionNotices>(),
  }),
  /** "Remind those who have not voted" (answered 201). */
  remind: endpoint({
    method: "POST",
    path: "/api/elections/:id/reminders",
    params: idParams,
    access: "organization",
    response: typedAnswer<ReminderSent>(),
  }),
};
