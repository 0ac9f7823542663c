import { Link } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./BusinessPage.module.css";
import {
  BriefcaseIcon,
  ChartIcon,
  CheckIcon,
  IdCardIcon,
  LinkIcon,
  RadarIcon,
  ReceiptIcon,
  UsersIcon,
} from "./icons";
import PricingPlans, { SALES_EMAIL } from "./PricingPlans";
import { ArrowLink, CtaBand, FeatureCard, PageHero, Section } from "./sections";
import shared from "./sections.module.css";

const INCLUDED = [
  "One vote per position, with a receipt for every voter",
  "Identity verification: National ID, Voter's Card or phone code",
  "Results with charts at the close",
  "Text, airing (live audio) and live video channels",
  "Direct messages between members",
  "Admin approval and invite links",
  "Security monitoring",
] as const;

export default function BusinessPage() {
  return (
    <>
      <PageHero
        eyebrow="Business"
        title="Elections for companies, boards and member organizations"
        lead="Run board elections, staff votes and member resolutions in a private workspace, open only to the people you approve."
      >
        <Link to="/business#pricing" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
          See pricing
        </Link>
        <a href={`mailto:${SALES_EMAIL}`} className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
          Talk to sales
        </a>
      </PageHero>

      <Section
        id="use-cases"
        eyebrow="Use cases"
        title="Votes your organization runs every year"
        intro="Votespace keeps each vote private to your members and its results visible to all of them."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<BriefcaseIcon />} title="Board elections">
            Fill board seats with one vote per position for every eligible member, and a receipt for each
            vote.
          </FeatureCard>
          <FeatureCard icon={<UsersIcon />} title="Staff representatives">
            Let employees elect their representatives in a workspace where candidates can present themselves.
          </FeatureCard>
          <FeatureCard icon={<CheckIcon />} title="Resolutions and referendums">
            Put a question to your members and publish the outcome as soon as voting closes.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="pricing"
        tone="alt"
        eyebrow="Pricing"
        title="Simple plans that grow with you"
        intro="Choose a plan by the number of voters you need to reach."
      >
        <PricingPlans />
        <div className={cx("card", styles.included)}>
          <h3 className={shared.cardTitle}>What Votespace includes</h3>
          <ul className={cx(shared.checkList, shared.checkListColumns)}>
            {INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <ArrowLink to="/features">Read about every feature</ArrowLink>
        </div>
      </Section>

      <Section id="why-votespace" eyebrow="Why Votespace" title="Built for elections that have to be right">
        <div className={cx(shared.grid, shared.grid4)}>
          <FeatureCard icon={<IdCardIcon />} title="Know every voter">
            Identity checks and admin approval mean only the members you expect can vote.
          </FeatureCard>
          <FeatureCard icon={<ReceiptIcon />} title="Receipts for voters">
            Each voter gets a receipt confirming the vote was recorded.
          </FeatureCard>
          <FeatureCard icon={<ChartIcon />} title="Results in the open">
            The count appears as charts the moment voting closes, for every member to see, and every ballot is
            on the public bulletin board.
          </FeatureCard>
          <FeatureCard icon={<RadarIcon />} title="Monitored workspace">
            Security monitoring keeps administrators informed about activity in the workspace.
          </FeatureCard>
        </div>
        <div className={shared.linkRow}>
          <ArrowLink to="/solutions">Solutions by organization</ArrowLink>
          <ArrowLink to="/resources#getting-started">Getting started guide</ArrowLink>
          <span className={styles.inlineIcon}>
            <LinkIcon />
            <a href={`mailto:${SALES_EMAIL}`}>E-mail sales at {SALES_EMAIL}</a>
          </span>
        </div>
      </Section>

      <CtaBand
        title="Start your organization's first election"
        text="Sign up, create your server and invite your members."
        primary={{ to: "/signup", label: "Get Started" }}
        secondary={{ to: "/solutions", label: "See solutions" }}
      />
    </>
  );
}
