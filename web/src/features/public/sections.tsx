import type { ReactNode } from "react";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { ArrowRightIcon } from "./icons";
import styles from "./sections.module.css";

type PageHeroProps = {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
};

/** Gradient banner at the top of each information page (holds the page's only h1). */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className={styles.pageHero}>
      <div className={cx(styles.container, styles.pageHeroInner)}>
        <p className={cx(styles.eyebrow, styles.eyebrowLight)}>{eyebrow}</p>
        <h1 className={styles.pageTitle}>{title}</h1>
        <p className={styles.pageLead}>{lead}</p>
        {children ? <div className={styles.heroActions}>{children}</div> : null}
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
      className={cx(styles.section, tone === "alt" && styles.sectionAlt)}
      aria-labelledby={headingId}
    >
      <div className={styles.container}>
        <div className={styles.sectionHead}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h2 id={headingId} className={styles.sectionTitle}>
            {title}
          </h2>
          {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
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
    <section className={styles.cta} aria-label={title}>
      <div className={styles.container}>
        <div className={styles.ctaBox}>
          <div>
            <h2 className={styles.ctaTitle}>{title}</h2>
            <p className={styles.ctaText}>{text}</p>
          </div>
          <div className={styles.ctaActions}>
            <Link to={primary.to} className={cx("btn", "btn-lg", styles.btnOnBrand)}>
              {primary.label}
            </Link>
            {secondary ? (
              <Link to={secondary.to} className={cx("btn", "btn-lg", styles.btnOutlineLight)}>
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
    <article className={cx("card", styles.featureCard)}>
      <span className={styles.iconBadge}>{icon}</span>
      <h3 className={styles.cardTitle}>{title}</h3>
      <p className={styles.cardText}>{children}</p>
      {extra}
    </article>
  );
}

type ArrowLinkProps = { to: string; children: ReactNode; className?: string };

/** Text link with a trailing arrow ("Learn more →"). */
export function ArrowLink({ to, children, className }: ArrowLinkProps) {
  return (
    <Link to={to} className={cx(styles.arrowLink, className)}>
      <span>{children}</span>
      <ArrowRightIcon className={styles.arrowIcon} />
    </Link>
  );
}

type Step = { title: string; text: ReactNode };

/** Numbered list of steps (an ordered list, so the numbers are real list numbers). */
export function StepList({ steps, className }: { steps: readonly Step[]; className?: string }) {
  return (
    <ol className={cx(styles.steps, className)}>
      {steps.map((step) => (
        <li key={step.title} className={styles.step}>
          <h3 className={styles.stepTitle}>{step.title}</h3>
          <p className={styles.stepText}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
