import type { ReactNode } from "react";
import { Link } from "react-router";
import "./auth.css";

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
    <main className="auth-page">
      <div className="card auth-card">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt="" className="auth-brand-mark" />
          Votespace
        </Link>
        <h1>{title}</h1>
        <p className="auth-sub">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
