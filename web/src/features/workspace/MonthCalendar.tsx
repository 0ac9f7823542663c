import { useState } from "react";
import { ChevronIcon, ChevronLeftIcon } from "../../ui/icons";
import { text } from "./text";

const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];

interface Day {
  date: Date;
  inMonth: boolean;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The weeks shown for a month: Monday first, padded with the neighbouring months' days. */
function weeksOf(year: number, month: number): Day[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  const start = new Date(year, month, 1 - offset);
  const lastDay = new Date(year, month + 1, 0).getDate();
  const count = Math.ceil((offset + lastDay) / 7) * 7;
  const days: Day[] = [];
  for (let i = 0; i < count; i++) {
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

/**
 * The sidebar's month picker: a real month grid with today marked, previous and next month, and a
 * selected day. It only picks a date; it invents no events.
 */
export function MonthCalendar() {
  const [today] = useState(() => new Date());
  const [shown, setShown] = useState(() => ({ year: today.getFullYear(), month: today.getMonth() }));
  const [selected, setSelected] = useState<Date>(today);
  const weeks = weeksOf(shown.year, shown.month);
  const step = (delta: number) =>
    setShown(({ year, month }) => {
      const date = new Date(year, month + delta, 1);
      return { year: date.getFullYear(), month: date.getMonth() };
    });
  const title = monthFormat.format(new Date(shown.year, shown.month, 1));

  return (
    <section className="ws-calendar" aria-label={text.calendar}>
      <div className="ws-calendar-head">
        <button
          type="button"
          className="ws-icon-button"
          aria-label={text.previousMonth}
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon size={16} />
        </button>
        <h3 className="ws-calendar-title" aria-live="polite">
          {title}
        </h3>
        <button type="button" className="ws-icon-button" aria-label={text.nextMonth} onClick={() => step(1)}>
          <ChevronIcon size={16} />
        </button>
      </div>
      <table className="ws-calendar-grid">
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
                return (
                  <td key={date.toISOString()}>
                    <button
                      type="button"
                      className={[
                        "ws-calendar-day",
                        !inMonth && "ws-calendar-day-out",
                        isToday && "ws-calendar-day-today",
                        isSelected && "ws-calendar-day-selected",
                      ]
                        .filter(Boolean)
                        .join(" ")}
                      aria-label={dayFormat.format(date)}
                      aria-pressed={isSelected}
                      aria-current={isToday ? "date" : undefined}
                      onClick={() => {
                        setSelected(date);
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
      <div className="ws-calendar-foot">
        <span className="ws-calendar-selected">{text.selectedDate(shortFormat.format(selected))}</span>
        {!(
          sameDay(selected, today) &&
          shown.month === today.getMonth() &&
          shown.year === today.getFullYear()
        ) && (
          <button
            type="button"
            className="ws-link-button"
            onClick={() => {
              setSelected(today);
              setShown({ year: today.getFullYear(), month: today.getMonth() });
            }}
          >
            {text.today}
          </button>
        )}
      </div>
    </section>
  );
}
