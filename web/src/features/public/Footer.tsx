import { Link } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./Footer.module.css";
import { Wordmark } from "./Header";
import { LogoMark, MailIcon } from "./icons";
import shared from "./sections.module.css";

// The specification points every footer quick link and legal link at the home page for now.
const QUICK_LINKS = ["Features", "Solutions", "Resources", "Business", "Programs"] as const;
const LEGAL_LINKS = ["Privacy policy", "Terms of service", "Cookie policy"] as const;
// Placeholders in the specification: shown as labels, never linked to outside sites.
const SOCIAL_LABELS = ["Twitter", "LinkedIn", "Facebook", "Instagram"] as const;

export const CONTACT_EMAIL = "hello@votespace.example";

export default function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={cx(shared.container, styles.grid)}>
        <div className={styles.brand}>
          <Link to="/" className={cx(shared.logo, shared.logoInvert)} aria-label="Votespace home">
            <Wordmark />
          </Link>
          <p className={styles.tagline}>Online elections made safe, secure, and accessible for all.</p>
          <a className={styles.mail} href={`mailto:${CONTACT_EMAIL}`}>
            <MailIcon />
            <span>
              <span className="visually-hidden">E-mail us at </span>
              {CONTACT_EMAIL}
            </span>
          </a>
        </div>

        <nav className={styles.col} aria-labelledby="pub-footer-quick">
          <h2 id="pub-footer-quick" className={styles.heading}>
            Quick links
          </h2>
          <ul>
            {QUICK_LINKS.map((label) => (
              <li key={label}>
                <Link to="/">{label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.col}>
          <h2 className={styles.heading}>Follow us</h2>
          <ul className={styles.social}>
            {SOCIAL_LABELS.map((label) => (
              <li key={label}>
                <span>{label}</span>
              </li>
            ))}
          </ul>
        </div>

        <nav className={styles.col} aria-labelledby="pub-footer-legal">
          <h2 id="pub-footer-legal" className={styles.heading}>
            Legal
          </h2>
          <ul>
            {LEGAL_LINKS.map((label) => (
              <li key={label}>
                <Link to="/">{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className={cx(shared.container, styles.bottom)}>
        <p className={styles.copyright}>© {year} Votespace. All rights reserved.</p>
        <span className={styles.builtBadge}>
          <LogoMark className={styles.builtMark} />
          Built with Votespace
        </span>
      </div>
    </footer>
  );
}
