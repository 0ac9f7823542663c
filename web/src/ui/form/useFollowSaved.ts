import { useEffect, useRef } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/** The fields (dotted names, into plain objects) whose value in `now` is not the one in `saved`. */
export function editedFields(saved: unknown, now: unknown, name = ""): Array<[string, unknown]> {
  const plain = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (plain(saved) && plain(now))
    return Object.keys(now).flatMap((key) =>
      editedFields(saved[key], now[key], name ? `${name}.${key}` : key),
    );
  return JSON.stringify(saved) === JSON.stringify(now) ? [] : [[name, now]];
}

/**
 * A form of independent fields, each saved alone (only those changed are sent, merged server-side):
 * when the saved values change (another tab's or administrator's save, read again after its event,
 * or this form's own), the fields not edited here take the new values and those edited keep theirs,
 * still unsaved. `saved` must keep its identity while its content does not change (useMemo).
 * Off (`follow` false) for a form saved whole with a version, which useVersionedEdit starts again.
 */
export function useFollowSaved<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  saved: T,
  follow = true,
): void {
  const previous = useRef(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new saved values decide
  useEffect(() => {
    if (!follow || previous.current === saved) return;
    const edits = editedFields(previous.current, form.getValues());
    previous.current = saved;
    form.reset(saved);
    for (const [name, value] of edits) form.setValue(name as Path<T>, value as never, { shouldDirty: true });
  }, [saved]);
}

/** The fields of `values` (a form's parsed output) changed from those it started from: what a save sends. */
export function changedFields<V extends object>(values: V, from: object | undefined): Partial<V> {
  const before = (from ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  ) as Partial<V>;
}
