import { Link } from "react-router";
import { Wordmark } from "./Header";
import { LogoMark, MailIcon } from "./icons";

// The specification points every footer quick link and legal link at the home page for now.
const QUICK_LINKS = ["Features", "Solutions", "Resources", "Business", "Programs"] as const;
const LEGAL_LINKS = ["Privacy policy", "Terms of service", "Cookie policy"] as const;
// Placeholders in the specification: shown as labels, never linked to outside sites.
const SOCIAL_LABELS = ["Twitter", "LinkedIn", "Facebook", "Instagram"] as const;

export const CONTACT_EMAIL = "hello@votespace.example";

export default function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className="pub-footer">
      <div className="pub-container pub-footer-grid">
        <div className="pub-footer-brand">
          <Link to="/" className="pub-logo pub-logo-invert" aria-label="Votespace home">
            <Wordmark />
          </Link>
          <p className="pub-footer-tagline">Online elections made safe, secure, and accessible for all.</p>
          <a className="pub-footer-mail" href={`mailto:${CONTACT_EMAIL}`}>
            <MailIcon />
            <span>
              <span className="visually-hidden">E-mail us at </span>
              {CONTACT_EMAIL}
            </span>
          </a>
        </div>

        <nav className="pub-footer-col" aria-labelledby="pub-footer-quick">
          <h2 id="pub-footer-quick" className="pub-footer-heading">
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

        <div className="pub-footer-col">
          <h2 className="pub-footer-heading">Follow us</h2>
          <ul className="pub-footer-social">
            {SOCIAL_LABELS.map((label) => (
              <li key={label}>
                <span>{label}</span>
              </li>
            ))}
          </ul>
        </div>

        <nav className="pub-footer-col" aria-labelledby="pub-footer-legal">
          <h2 id="pub-footer-legal" className="pub-footer-heading">
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

      <div className="pub-container pub-footer-bottom">
        <p className="pub-copyright">© {year} Votespace. All rights reserved.</p>
        <span className="pub-built-badge">
          <LogoMark className="pub-built-mark" />
          Built with Votespace
        </span>
      </div>
    </footer>
  );
}
