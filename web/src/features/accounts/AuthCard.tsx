import type { ReactNode } from "react";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./AuthCard.module.css";

/** The frame of the sign-up, sign-in and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <div className={cx("card", styles.card)}>
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" className={styles.brandMark} />
          Votespace
        </Link>
        <h1>{title}</h1>
        <p className={styles.sub}>{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
