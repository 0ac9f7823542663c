import { cx } from "./cx";
import styles from "./Spinner.module.css";

/** A turning ring that says something is loading; decorative (the words beside it say what). */
export function Spinner({ size = "small" }: { size?: "small" | "large" }) {
  return <span className={cx(styles.spinner, size === "large" && styles.large)} aria-hidden="true" />;
}
