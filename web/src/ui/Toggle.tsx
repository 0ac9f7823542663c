import { type ReactNode, useId } from "react";
import { cx } from "./cx";
import styles from "./Toggle.module.css";

interface ToggleProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(next: boolean): void;
  disabled?: boolean;
  /**
   * A request is on its way: the switch shows it and takes no clicks, but keeps the keyboard's
   * focus (aria-disabled, not disabled: a disabled button drops the focus to the page).
   */
  busy?: boolean;
  /** Shown instead of the switch for a feature that cannot be turned on (e.g. "Pro", "Not available"). */
  locked?: string;
  /** The screen's own additions to the look. */
  className?: string;
}

/** A labelled on/off switch (role="switch"); the label and description are announced with it. */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  disabled,
  busy,
  locked,
  className,
}: ToggleProps) {
  const id = useId();
  return (
    <div className={cx(styles.toggle, locked && styles.locked, className)}>
      <div className={styles.text}>
        {/* A label of the switch: clicking the words toggles it, as with a checkbox. */}
        <label id={`${id}-label`} htmlFor={`${id}-switch`} className={styles.label}>
          {label}
        </label>
        {description && (
          <span id={`${id}-desc`} className={styles.desc}>
            {description}
          </span>
        )}
      </div>
      {locked ? (
        <span className={styles.lock}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
            />
          </svg>
          {locked}
        </span>
      ) : (
        <button
          id={`${id}-switch`}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={description ? `${id}-desc` : undefined}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          disabled={disabled}
          className={styles.switch}
          onClick={busy ? undefined : () => onChange(!checked)}
        >
          <span className={styles.knob} />
        </button>
      )}
    </div>
  );
}
