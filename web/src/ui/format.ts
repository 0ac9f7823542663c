/**
 * Dates and numbers in the reader's own locale, one formatter per look so that every screen writes
 * the same thing the same way. Instants come as ISO strings (as the server sends them). Each
 * formatter is marked pure: the build drops one that no page uses.
 */
const dateTimeFormat = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});
const dateFormat = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  year: "numeric",
});
const countFormat = /* @__PURE__ */ new Intl.NumberFormat();

/** "Nov 29, 2026, 8:00 AM": an instant with its date (a session's start, a recording). */
export const formatDateTime = (iso: string | Date) => dateTimeFormat.format(new Date(iso));

/** "Nov 29, 2026": the day of an instant, or of a Date for a calendar day. */
export const formatDate = (iso: string | Date) => dateFormat.format(new Date(iso));

/** "12,345": a count with the locale's grouping. */
export const formatCount = (value: number) => countFormat.format(value);
