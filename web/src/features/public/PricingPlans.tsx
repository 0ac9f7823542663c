import { Link } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./PricingPlans.module.css";
import shared from "./sections.module.css";

export const SALES_EMAIL = "sales@votespace.example";

type Plan = {
  name: string;
  price: string;
  /** Shown after the price; omitted for custom pricing. */
  period?: string;
  voters: string;
  audience: string;
  popular?: boolean;
  action: { label: string; to?: string; href?: string };
};

const PLANS: readonly Plan[] = [
  {
    name: "Starter",
    price: "$20",
    period: "per month",
    voters: "Up to 100 voters",
    audience: "For clubs, classes and small associations running their first elections.",
    action: { label: "Get Started", to: "/signup" },
  },
  {
    name: "Professional",
    price: "$99",
    period: "per month",
    voters: "Up to 1,000 voters",
    audience: "For schools, unions and growing organizations with regular elections.",
    popular: true,
    action: { label: "Get Started", to: "/signup" },
  },
  {
    name: "Enterprise",
    price: "Custom pricing",
    voters: "Unlimited voters",
    audience: "For large organizations, parties and public bodies with their own requirements.",
    action: { label: "Contact Sales", href: `mailto:${SALES_EMAIL}` },
  },
];

function PlanAction({ plan }: { plan: Plan }) {
  const className = plan.popular
    ? "btn btn-primary btn-block btn-lg"
    : cx("btn btn-block btn-lg", styles.btnOutline);
  // The plan's name is the heading of the card the button sits in, so the label stays short.
  if (plan.action.to) {
    return (
      <Link to={plan.action.to} className={className}>
        {plan.action.label}
      </Link>
    );
  }
  return (
    <a href={plan.action.href} className={className}>
      {plan.action.label}
    </a>
  );
}

/** The three Votespace plans. */
export default function PricingPlans() {
  return (
    <ul className={cx(styles.pricing, shared.plainList)}>
      {PLANS.map((plan) => {
        const titleId = `pub-plan-${plan.name.toLowerCase()}`;
        return (
          <li key={plan.name} className={cx("card", styles.plan, plan.popular && styles.planPopular)}>
            <article aria-labelledby={titleId} className={styles.planInner}>
              {plan.popular ? <p className={styles.planBadge}>Most Popular</p> : null}
              <h3 id={titleId} className={styles.planName}>
                {plan.name}
              </h3>
              <p className={styles.planPrice}>
                <span className={cx(styles.planAmount, !plan.period && styles.planAmountCustom)}>
                  {plan.price}
                </span>
                {plan.period ? <span className={styles.planPeriod}> {plan.period}</span> : null}
              </p>
              <p className={styles.planVoters}>{plan.voters}</p>
              <p className={styles.planAudience}>{plan.audience}</p>
              <PlanAction plan={plan} />
            </article>
          </li>
        );
      })}
    </ul>
  );
}
