import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "./icons";

type PageHeroProps = {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
};

/** Gradient banner at the top of each information page (holds the page's only h1). */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className="pub-page-hero">
      <div className="pub-container pub-page-hero-inner">
        <p className="pub-eyebrow pub-eyebrow-light">{eyebrow}</p>
        <h1 className="pub-page-title">{title}</h1>
        <p className="pub-page-lead">{lead}</p>
        {children ? <div className="pub-hero-actions">{children}</div> : null}
      </div>
    </section>
  );
}

type SectionProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: "plain" | "alt";
  children: ReactNode;
};

/** A page section with a centred heading block; `id` makes it a link target. */
export function Section({ id, eyebrow, title, intro, tone = "plain", children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      className={tone === "alt" ? "pub-section pub-section-alt" : "pub-section"}
      aria-labelledby={headingId}
    >
      <div className="pub-container">
        <div className="pub-section-head">
          {eyebrow ? <p className="pub-eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId} className="pub-section-title">
            {title}
          </h2>
          {intro ? <p className="pub-section-intro">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export type CtaLink = { to: string; label: string };

type CtaBandProps = {
  title: string;
  text: string;
  primary: CtaLink;
  secondary?: CtaLink;
};

/** Closing call to action shown at the bottom of every page. */
export function CtaBand({ title, text, primary, secondary }: CtaBandProps) {
  return (
    <section className="pub-cta" aria-label={title}>
      <div className="pub-container">
        <div className="pub-cta-box">
          <div>
            <h2 className="pub-cta-title">{title}</h2>
            <p className="pub-cta-text">{text}</p>
          </div>
          <div className="pub-cta-actions">
            <Link to={primary.to} className="btn btn-lg pub-btn-on-brand">
              {primary.label}
            </Link>
            {secondary ? (
              <Link to={secondary.to} className="btn btn-lg pub-btn-outline-light">
                {secondary.label}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}

type FeatureCardProps = {
  icon: ReactNode;
  title: string;
  /** Inline content of the card's paragraph. */
  children: ReactNode;
  /** Optional block content after the paragraph (a list, a link). */
  extra?: ReactNode;
};

/** Icon + heading + text card, used in the grids of every page. */
export function FeatureCard({ icon, title, children, extra }: FeatureCardProps) {
  return (
    <article className="card pub-feature-card">
      <span className="pub-icon-badge">{icon}</span>
      <h3 className="pub-card-title">{title}</h3>
      <p className="pub-card-text">{children}</p>
      {extra}
    </article>
  );
}

type ArrowLinkProps = { to: string; children: ReactNode; className?: string };

/** Text link with a trailing arrow ("Learn more →"). */
export function ArrowLink({ to, children, className }: ArrowLinkProps) {
  return (
    <Link to={to} className={className ? `pub-arrow-link ${className}` : "pub-arrow-link"}>
      <span>{children}</span>
      <ArrowRightIcon className="pub-arrow-icon" />
    </Link>
  );
}

type Step = { title: string; text: ReactNode };

/** Numbered list of steps (an ordered list, so the numbers are real list numbers). */
export function StepList({ steps, className }: { steps: readonly Step[]; className?: string }) {
  return (
    <ol className={className ? `pub-steps ${className}` : "pub-steps"}>
      {steps.map((step) => (
        <li key={step.title} className="pub-step">
          <h3 className="pub-step-title">{step.title}</h3>
          <p className="pub-step-text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
