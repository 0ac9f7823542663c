import { Fragment, type ReactNode } from "react";
import { cx } from "./cx";
import styles from "./Email.module.css";

/**
 * An e-mail address as text. It wraps where a reader expects it to: after the "@" and before each
 * dot (and after a hyphen, as any text does), and inside a part only when that part alone is wider
 * than its box. `truncate`: one line ending in an ellipsis where it does not fit, the whole address
 * in its title, for rows kept to one line.
 */
export function Email({
  address,
  truncate = false,
  className,
}: {
  address: string;
  truncate?: boolean;
  className?: string;
}) {
  if (truncate)
    return (
      <span className={cx(styles.truncate, className)} title={address}>
        {address}
      </span>
    );
  return <span className={cx(styles.email, className)}>{withBreaks(address)}</span>;
}

/** The address with a line-break opportunity (<wbr>, no character: a copied address stays whole) after "@" and before each ".". */
export function withBreaks(address: string): ReactNode[] {
  let at = 0;
  return address.split(/(?<=@)|(?=\.)/).map((part) => {
    const key = at;
    at += part.length;
    return (
      <Fragment key={key}>
        {key > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}
