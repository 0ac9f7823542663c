import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./Header.module.css";
import { CloseIcon, LogoMark, MenuIcon } from "./icons";
import shared from "./sections.module.css";

export const NAV_ITEMS = [
  { to: "/features", label: "Features" },
  { to: "/solutions", label: "Solutions" },
  { to: "/resources", label: "Resources" },
  { to: "/business", label: "Business" },
  { to: "/programs", label: "Programs" },
] as const;

export function Wordmark() {
  return (
    <>
      <LogoMark className={styles.logoMark} />
      <span>Votespace</span>
    </>
  );
}

function navClass({ isActive }: { isActive: boolean }): string {
  return cx(styles.navLink, isActive && styles.navLinkActive);
}

export default function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname, hash } = useLocation();

  // Close the mobile menu after every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className={styles.header} data-page-header="">
      <a className="skip-link" href="#pub-main">
        Skip to content
      </a>
      <div className={cx(shared.container, styles.headerBar)}>
        <Link to="/" className={shared.logo} aria-label="Votespace home">
          <Wordmark />
        </Link>

        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">Menu</span>
        </button>

        <div id={menuId} className={cx(styles.headerMenu, menuOpen && styles.headerMenuOpen)}>
          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.headerActions}>
            <Link to="/signin" className={styles.signinLink}>
              Sign In
            </Link>
            <Link to="/signup" className={cx("btn", "btn-primary", styles.headerCta)}>
              Get Started
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
