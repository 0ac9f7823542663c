import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { channelPath } from "../../../../contract/channels";
import type { CalendarEvent } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import type { Moment } from "../../api/moment";
import { endpointKey, loadStatusOf, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { ChevronIcon, ChevronLeftIcon } from "../../ui/icons";
import { Status } from "../../ui/Status";
import styles from "./MonthCalendar.module.css";
import { text } from "./text";
import { useWorkspace } from "./WorkspaceContext";
import buttons from "./workspaceButtons.module.css";

const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];

interface Day {
  date: Date;
  inMonth: boolean;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The weeks shown for a month: Monday first, padded with the neighbouring months' days, six weeks
 * whatever the month, so that the calendar keeps one height (ChannelSidebar reserves it while the
 * calendar loads) and the channels below it never move.
 */
function weeksOf(year: number, month: number): Day[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  const start = new Date(year, month, 1 - offset);
  const days: Day[] = [];
  for (let i = 0; i < 42; i++) {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
    days.push({ date, inMonth: date.getMonth() === month });
  }
  const weeks: Day[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

const monthFormat = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" });
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const shortFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The same day of another month, or that month's last day when it is shorter. */
function addMonths(date: Date, months: number): Date {
  const last = new Date(date.getFullYear(), date.getMonth() + months + 1, 0).getDate();
  return new Date(date.getFullYear(), date.getMonth() + months, Math.min(date.getDate(), last));
}

/**
 * The grid's keys (the date picker pattern): the arrows move a day or a week, Home and End to the
 * week's ends, Page Up and Page Down a month. The grid is one tab stop; Enter or Space chooses.
 */
function dayAfterKey(key: string, from: Date): Date | null {
  const weekday = (from.getDay() + 6) % 7;
  switch (key) {
    case "ArrowLeft":
      return addDays(from, -1);
    case "ArrowRight":
      return addDays(from, 1);
    case "ArrowUp":
      return addDays(from, -7);
    case "ArrowDown":
      return addDays(from, 7);
    case "Home":
      return addDays(from, -weekday);
    case "End":
      return addDays(from, 6 - weekday);
    case "PageUp":
      return addMonths(from, -1);
    case "PageDown":
      return addMonths(from, 1);
    default:
      return null;
  }
}

/** One line of the selected day: what happens (an election opening or closing, a session) and when. */
interface DayItem {
  key: string;
  label: string;
  at: Date;
  event: CalendarEvent;
}

/** What the day shows: an election on the days voting opens and closes, a session on the day it started. */
function itemsOn(day: Date, events: CalendarEvent[]): DayItem[] {
  const items: DayItem[] = [];
  for (const event of events) {
    const starts = new Date(event.starts_at);
    if (event.kind === "election") {
      const ends = new Date(event.ends_at ?? event.starts_at);
      if (sameDay(starts, day))
        items.push({ key: `${event.id}-open`, label: text.votingOpens, at: starts, event });
      if (sameDay(ends, day))
        items.push({ key: `${event.id}-close`, label: text.votingCloses, at: ends, event });
    } else if (sameDay(starts, day)) {
      items.push({ key: event.id, label: text.sessionKind[event.kind] ?? event.kind, at: starts, event });
    }
  }
  return items.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The month's events of the current organization, fetched once per month shown (one request), and
 * read again when an election is created, opened, closed, extended or deleted.
 */
function useMonthEvents(first: Date, last: Date) {
  const { currentId } = useWorkspace();
  const queryClient = useQueryClient();
  const readAgain = (since?: Moment) =>
    void readFromNow(queryClient, endpointKey(organizationsEndpoints.calendar), { since });
  useTopic(
    currentId ? `org:${currentId}` : null,
    {
      "election.updated": () => readAgain(),
      "channel.created": () => readAgain(),
      "channel.deleted": () => readAgain(),
    },
    readAgain,
  );
  const query = useEndpointQuery(
    organizationsEndpoints.calendar,
    {
      params: { id: currentId ?? "" },
      query: { from: first.toISOString(), to: last.toISOString() },
    },
    { enabled: !!currentId },
  );
  const events: CalendarEvent[] = (currentId && query.data?.events) || [];
  // Disabled without an organization: still "loading", never "error".
  return { events, failed: loadStatusOf([query]).status === "error" };
}

/**
 * The sidebar's month calendar: today marked, previous and next month, the days with elections
 * (voting opening or closing) and room sessions marked, and the selected day's list of them.
 */
export function MonthCalendar() {
  const { area } = useWorkspace();
  const [today] = useState(() => new Date());
  const [shown, setShown] = useState(() => ({ year: today.getFullYear(), month: today.getMonth() }));
  const [selected, setSelected] = useState<Date>(today);
  // The day the grid's one tab stop is on (the arrow keys move it); focused again after a move.
  const [active, setActive] = useState<Date>(today);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const weeks = weeksOf(shown.year, shown.month);
  const showing = (date: Date) => weeks.some((week) => week.some((day) => sameDay(day.date, date)));
  // A month shown by the buttons keeps the tab stop in it: on the selected day if there, else the 1st.
  const stop = showing(active)
    ? active
    : selected.getMonth() === shown.month && selected.getFullYear() === shown.year
      ? selected
      : new Date(shown.year, shown.month, 1);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
  });
  const onGridKey = (event: KeyboardEvent) => {
    const next = dayAfterKey(event.key, stop);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setActive(next);
    if (next.getMonth() !== shown.month || next.getFullYear() !== shown.year)
      setShown({ year: next.getFullYear(), month: next.getMonth() });
  };
  const gridStart = weeks[0]?.[0]?.date ?? new Date(shown.year, shown.month, 1);
  const lastShown = weeks.at(-1)?.at(-1)?.date ?? new Date(shown.year, shown.month + 1, 0);
  const gridEnd = new Date(lastShown.getFullYear(), lastShown.getMonth(), lastShown.getDate() + 1);
  const { events, failed } = useMonthEvents(gridStart, gridEnd);
  const dayItems = itemsOn(selected, events);
  const step = (delta: number) =>
    setShown(({ year, month }) => {
      const date = new Date(year, month + delta, 1);
      return { year: date.getFullYear(), month: date.getMonth() };
    });
  const title = monthFormat.format(new Date(shown.year, shown.month, 1));

  return (
    <section className={styles.calendar} aria-label={text.calendar}>
      <div className={styles.head}>
        <button
          type="button"
          className={buttons.iconButton}
          aria-label={text.previousMonth}
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon size={16} />
        </button>
        <h3 className={styles.title} aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className={buttons.iconButton}
          aria-label={text.nextMonth}
          onClick={() => step(1)}
        >
          <ChevronIcon size={16} />
        </button>
      </div>
      <table ref={grid} className={styles.grid} aria-label={title} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date.toISOString()}>
              {week.map(({ date, inMonth }) => {
                const isToday = sameDay(date, today);
                const isSelected = sameDay(date, selected);
                const busy = itemsOn(date, events).length > 0;
                return (
                  <td key={date.toISOString()}>
                    <button
                      type="button"
                      className={cx(
                        styles.day,
                        !inMonth && styles.dayOut,
                        isToday && styles.dayToday,
                        isSelected && styles.daySelected,
                        busy && styles.dayBusy,
                      )}
                      aria-label={`${dayFormat.format(date)}${busy ? `, ${text.hasEvents}` : ""}`}
                      aria-pressed={isSelected}
                      aria-current={isToday ? "date" : undefined}
                      tabIndex={sameDay(date, stop) ? 0 : -1}
                      onClick={() => {
                        setSelected(date);
                        setActive(date);
                        if (!inMonth) setShown({ year: date.getFullYear(), month: date.getMonth() });
                      }}
                    >
                      {date.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.foot}>
        <span className={styles.selected}>{text.selectedDate(shortFormat.format(selected))}</span>
        {!(
          sameDay(selected, today) &&
          shown.month === today.getMonth() &&
          shown.year === today.getFullYear()
        ) && (
          <button
            type="button"
            className={buttons.linkButton}
            onClick={() => {
              setSelected(today);
              setActive(today);
              setShown({ year: today.getFullYear(), month: today.getMonth() });
            }}
          >
            {text.today}
          </button>
        )}
      </div>
      {failed ? (
        <Status className={styles.note}>{text.calendarError}</Status>
      ) : dayItems.length === 0 ? (
        <p className={styles.note}>{text.nothingThatDay}</p>
      ) : (
        <ul className={styles.events} aria-label={text.selectedDate(shortFormat.format(selected))}>
          {dayItems.map((item) => (
            <li key={item.key}>
              <time dateTime={item.at.toISOString()}>{timeFormat.format(item.at)}</time>
              <span className={styles.eventText}>
                <span className={styles.eventKind}>{item.label}</span>
                {item.event.channel ? (
                  <Link to={channelPath(area, item.event.channel)}>{item.event.title}</Link>
                ) : (
                  <span>{item.event.title}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
