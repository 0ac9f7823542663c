import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CloseIcon, LogoMark, MenuIcon } from "./icons";

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
      <LogoMark className="pub-logo-mark" />
      <span className="pub-logo-text">Votespace</span>
    </>
  );
}

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? "pub-nav-link is-active" : "pub-nav-link";
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
    <header className="pub-header">
      <a className="pub-skip-link" href="#pub-main">
        Skip to content
      </a>
      <div className="pub-container pub-header-bar">
        <Link to="/" className="pub-logo" aria-label="Votespace home">
          <Wordmark />
        </Link>

        <button
          type="button"
          className="pub-menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">Menu</span>
        </button>

        <div id={menuId} className={menuOpen ? "pub-header-menu is-open" : "pub-header-menu"}>
          <nav className="pub-nav" aria-label="Main">
            <ul className="pub-nav-list">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="pub-header-actions">
            <Link to="/signin" className="pub-signin-link">
              Sign In
            </Link>
            <Link to="/signup" className="btn btn-primary pub-header-cta">
              Get Started
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
