import styles from "./Typing.module.css";
import { text } from "./text";

/** Who is typing in the channel, under the messages. */
export function Typing({ names }: { names: string[] }) {
  return (
    <p className={styles.typing} aria-live="polite">
      {names.length > 0 && (
        <>
          <span className={styles.typingDots} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text.typing(names)}
        </>
      )}
    </p>
  );
}
