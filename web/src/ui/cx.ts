/** Joins the class names that apply: `cx(styles.day, selected && styles.selected)`. */
export const cx = (...names: (string | false | null | undefined)[]): string =>
  names.filter(Boolean).join(" ");
