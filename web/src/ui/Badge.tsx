import type { ReactNode } from "react";
import styles from "./Badge.module.css";
import { cx } from "./cx";

export type BadgeTone = "green" | "grey" | "yellow" | "blue" | "orange" | "red";

const TONES: Record<BadgeTone, string | undefined> = {
  green: styles.green,
  grey: styles.grey,
  yellow: styles.yellow,
  blue: styles.blue,
  orange: styles.orange,
  red: styles.red,
};

/** A short status in a coloured pill, with a dot before it when `dot` is set. */
export function Badge({
  tone,
  dot = false,
  className,
  children,
}: {
  tone: BadgeTone;
  dot?: boolean;
  /** The screen's own additions to the look. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={cx(styles.badge, TONES[tone], className)}>
      {dot && <span className={styles.dot} aria-hidden="true" />}
      {children}
    </span>
  );
}
