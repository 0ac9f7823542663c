import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import {
  ANNOUNCEMENT_DELAY_MINUTES,
  electionNoticesEndpoints,
  NOTICE_KINDS,
  NOTICE_LABELS,
  type NoticeKind,
  type NoticeSettings,
  type ElectionNotices as Notices,
  REMINDER_HOURS,
  type SentNotice,
} from "../../../../contract/election-notices";
import type { Election } from "../../../../contract/elections";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { formatCount, formatDateTime } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { useToast } from "../../ui/Toast";
import { Toggle } from "../../ui/Toggle";
import styles from "./ElectionNotices.module.css";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";

const WHEN: Record<NoticeKind, string> = {
  election_scheduled: `To the roll (until it is chosen, every voter member), ${ANNOUNCEMENT_DELAY_MINUTES} minutes after the election was created.`,
  voting_open: "To the roll when voting opens.",
  voting_closed:
    "To the roll when voting closes; if the election is cancelled, to those told of it that it will not go on.",
  results_published:
    "To the roll when the results are published (at the close: one message with the one above).",
};

/** The notice's moment has come and gone (it went, or was off then): the switch no longer changes anything. */
const passed = (kind: NoticeKind, status: Election["status"]) =>
  kind === "election_scheduled" || kind === "voting_open"
    ? status !== "upcoming"
    : status !== "upcoming" && status !== "active";

/** The scheduled reminder's moment falls at or before voting opens: the server never sends it (reminders.ts). */
const reminderTooEarly = (election: Election, hours: number | null) =>
  hours !== null && Date.parse(election.ends_at) - hours * 3_600_000 <= Date.parse(election.starts_at);

/** Why a notice whose moment has passed did not go, as its switch (fixed since) and the status tell. */
const notSent = (kind: NoticeKind, on: boolean, status: Election["status"]) => {
  if (status === "cancelled" && on && kind === "election_scheduled")
    return "Not sent: the election was cancelled before it was due.";
  if (kind === "election_scheduled") return "Not sent: voting opened before it was due, or it was off.";
  if (!on) return "Not sent: it was off at the time.";
  if (status === "cancelled")
    return {
      voting_open: "Not sent: the election was cancelled before voting opened.",
      voting_closed: "Not sent: the election was cancelled before voters were told of it.",
      results_published: "Not sent: a cancelled election's results are not announced.",
    }[kind];
  return kind === "results_published"
    ? "Not sent: the results are hidden."
    : "Not sent: it was off at the time.";
};

/** When it went, to how many, and how its letters fared: queued is not delivered (a mail server may be down). */
const sentText = (sent: SentNotice) => {
  const to = `Sent ${formatDateTime(sent.queued_at)} to ${formatCount(sent.recipients)} ${sent.recipients === 1 ? "voter" : "voters"}`;
  const d = sent.delivery;
  if (!d) return `${to}.`;
  const fared = [`${formatCount(d.delivered)} delivered`];
  if (d.waiting) fared.push(`${formatCount(d.waiting)} on their way`);
  if (d.expired) fared.push(`${formatCount(d.expired)} not sent, as voting had ended`);
  if (d.failed) fared.push(`${formatCount(d.failed)} failed`);
  return `${to}${sent.kind === "reminder" ? ". All reminders" : ""}: ${fared.join(", ")}.`;
};

/**
 * Channel Configuration › Notices: which e-mails go to the voters, the scheduled reminder, and
 * "Remind those who have not voted" while voting is open. Members who turned election notices off
 * in their settings get none of them.
 */
export function ElectionNotices({ election }: { election: Election }) {
  const input = { params: { id: election.id } };
  // Letters still on their way: read again every few seconds until they have left (or failed).
  const query = useEndpointQuery(electionNoticesEndpoints.read, input, {
    refetchInterval: (read) =>
      read.state.data?.sent.some((sent) => (sent.delivery?.waiting ?? 0) > 0) ? 3000 : false,
  });
  const queryClient = useQueryClient();
  const { refetch } = query;
  // Opening and closing send notices and change what the reminder may do: read them again.
  const seenStatus = useRef(election.status);
  useEffect(() => {
    if (seenStatus.current === election.status) return;
    seenStatus.current = election.status;
    void refetch();
  }, [election.status, refetch]);
  const show = (next: Notices) =>
    queryClient.setQueryData(endpointKey(electionNoticesEndpoints.read, input), next);

  return (
    <LoadState {...loadOf(query)}>
      {(notices) => <NoticesForm election={election} notices={notices} onSaved={show} onSent={refetch} />}
    </LoadState>
  );
}

function NoticesForm({
  election,
  notices,
  onSaved,
  onSent,
}: {
  election: Election;
  notices: Notices;
  onSaved(next: Notices): void;
  onSent(): unknown;
}) {
  const toast = useToast();
  const save = useEndpointMutation(electionNoticesEndpoints.save);
  const [busy, setBusy] = useState<keyof NoticeSettings | null>(null);
  const reminderId = useId();
  const scheduled = (kind: SentNotice["kind"]) => notices.sent.find((n) => n.kind === kind && !n.manual);
  const running = election.status === "upcoming" || election.status === "active";

  const change = async (key: keyof NoticeSettings, value: NoticeSettings[keyof NoticeSettings]) => {
    setBusy(key);
    try {
      onSaved(
        await save.mutateAsync({
          params: { id: election.id },
          // Only the switch turned: another tab's or administrator's change to the others stays.
          body: { [key]: value },
        }),
      );
      toast("Notice settings saved.");
    } catch (failure) {
      toast(`Not saved: ${messageOf(failure)}`, "error");
    } finally {
      setBusy(null);
    }
  };
  const reminderSent = scheduled("reminder");

  return (
    <div className={styles.notices}>
      <p className={cx("muted", shared.small)}>
        E-mails to the voters, from your organization. Members who turned election notices off in their
        settings get none.
      </p>
      {NOTICE_KINDS.map((kind) => {
        const sent = scheduled(kind);
        const over = passed(kind, election.status);
        return (
          <Toggle
            key={kind}
            className={styles.noticeToggle}
            label={NOTICE_LABELS[kind]}
            description={
              sent
                ? sentText(sent)
                : over
                  ? notSent(kind, notices.settings[kind], election.status)
                  : WHEN[kind]
            }
            checked={notices.settings[kind]}
            busy={busy === kind}
            disabled={!!sent || over}
            onChange={(next) => void change(kind, next)}
          />
        );
      })}
      <div className={cx("field", styles.reminderField)}>
        <label htmlFor={reminderId}>Scheduled reminder</label>
        <ReminderSelect
          id={reminderId}
          value={notices.settings.reminder_hours_before}
          disabled={!!reminderSent || !running}
          busy={busy === "reminder_hours_before"}
          onChoose={(hours) => change("reminder_hours_before", hours)}
        />
        <span className="hint">
          {reminderSent
            ? sentText(reminderSent)
            : reminderTooEarly(election, notices.settings.reminder_hours_before)
              ? "Voting lasts less than this: its moment would come before voting opens, and it is not sent."
              : "To those on the roll not shown as voted, once, by e-mail."}
        </span>
      </div>
      {notices.reminder.available && <RemindButton election={election} notices={notices} onSent={onSent} />}
    </div>
  );
}

/** How long a choice in the reminder's list stands before it is saved: a keyboard steps through the list one change at a time. */
const CHOSEN_AFTER_MS = 800;

/**
 * The scheduled reminder's moment. Saved once chosen, not at each step: arrow keys on a closed list
 * change it one option at a time, and each saved in passing (the list taken away while it saved)
 * dropped the focus, lost the next keys and kept whatever step it reached; a step past the reminder's
 * moment would even send it. A choice is saved when the list is left, or after it stood
 * CHOSEN_AFTER_MS; the list stays in the keyboard's hands meanwhile, one save after another.
 */
export function ReminderSelect({
  id,
  value,
  disabled,
  busy,
  onChoose,
}: {
  id: string;
  value: NoticeSettings["reminder_hours_before"];
  disabled: boolean;
  busy: boolean;
  onChoose(hours: NoticeSettings["reminder_hours_before"]): Promise<void>;
}) {
  type Choice = { hours: NoticeSettings["reminder_hours_before"] };
  const [draft, setDraft] = useState<Choice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The choice whose moment is running: saved when it has stood, the list is left, or it goes away. */
  const unsaved = useRef<Choice | null>(null);
  const saving = useRef(Promise.resolve());
  // The moment last saved (or as read): a choice back where it was saves nothing.
  const saved = useRef(value);
  useEffect(() => {
    saved.current = value;
  }, [value]);
  const commit = () => {
    clearTimeout(timer.current);
    const choice = unsaved.current;
    unsaved.current = null;
    if (!choice) return;
    if (choice.hours === saved.current) return setDraft(null);
    saved.current = choice.hours;
    saving.current = saving.current
      .then(() => onChoose(choice.hours))
      .catch(() => undefined)
      .then(() => setDraft((current) => (current === choice ? null : current)));
  };
  // Closed with a choice not yet saved (the panel closed within the moment): it is saved.
  const commitLatest = useRef(commit);
  commitLatest.current = commit;
  useEffect(() => () => commitLatest.current(), []);
  const shown = draft ? draft.hours : value;
  return (
    <select
      id={id}
      value={shown ?? ""}
      disabled={disabled}
      aria-busy={busy || undefined}
      onChange={(event) => {
        const hours =
          event.target.value === ""
            ? null
            : (Number(event.target.value) as NoticeSettings["reminder_hours_before"]);
        const choice = { hours };
        unsaved.current = choice;
        setDraft(choice);
        clearTimeout(timer.current);
        timer.current = setTimeout(commit, CHOSEN_AFTER_MS);
      }}
      onBlur={commit}
    >
      <option value="">Off</option>
      {REMINDER_HOURS.map((hours) => (
        <option key={hours} value={hours}>
          {hours} hours before voting closes
        </option>
      ))}
    </select>
  );
}

/** "Remind those who have not voted": confirmed first, once an hour. */
function RemindButton({
  election,
  notices,
  onSent,
}: {
  election: Election;
  notices: Notices;
  onSent(): unknown;
}) {
  const toast = useToast();
  const remind = useEndpointMutation(electionNoticesEndpoints.remind);
  const [asking, setAsking] = useState(false);
  const next = notices.reminder.next_at;
  const count = notices.reminder.not_voted ?? 0;
  const last = notices.sent.filter((n) => n.manual).at(-1);
  return (
    <div className={styles.remind}>
      <button
        type="button"
        className="btn btn-primary"
        disabled={next !== null || count === 0}
        onClick={() => setAsking(true)}
      >
        Remind those who have not voted
      </button>
      <Status className={cx("muted", shared.small)}>
        {next
          ? `A reminder was sent ${last ? formatDateTime(last.queued_at) : "less than an hour ago"}. The next can be sent at ${formatDateTime(next)}.`
          : count === 0
            ? "Everyone on the roll is shown as voted."
            : "By e-mail and by a direct message from you, once an hour at most."}
      </Status>
      {asking && (
        <ConfirmDialog
          title="Remind those who have not voted?"
          tone="primary"
          confirmLabel="Send Reminder"
          busyLabel="Sending..."
          cancelLabel="Cancel"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            const sent = await remind.mutateAsync({ params: { id: election.id } });
            toast(
              `Reminder sent: ${formatCount(sent.emails)} e-mails, ${formatCount(sent.direct_messages)} direct messages.`,
            );
            await onSent();
          }}
        >
          <p>
            {formatCount(count)} {count === 1 ? "voter on the roll is" : "voters on the roll are"} not shown
            as voted yet (as on the Voters tab, which changes in batches). Each who takes election notices
            gets an e-mail and, if they accept direct messages, a direct message from you.
          </p>
          <p className="muted">The reminder says nothing about anyone&apos;s ballot.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
