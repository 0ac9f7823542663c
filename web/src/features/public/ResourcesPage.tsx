import type { ReactNode } from "react";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { BallotIcon, BookIcon, BriefcaseIcon, ChartIcon, IdCardIcon, RefreshIcon } from "./icons";
import styles from "./ResourcesPage.module.css";
import { CtaBand, PageHero, Section, StepList } from "./sections";
import shared from "./sections.module.css";

type Guide = { title: string; text: string; to: string; action: string; icon: ReactNode };

const GUIDES: readonly Guide[] = [
  {
    title: "Getting started",
    text: "Set up your organization, its channels and its first election.",
    to: "/resources#getting-started",
    action: "Read the getting started steps",
    icon: <BookIcon />,
  },
  {
    title: "How an election runs",
    text: "Follow an election from sign-up to published results.",
    to: "/solutions#how-it-works",
    action: "See how it works",
    icon: <BallotIcon />,
  },
  {
    title: "Verifying voters",
    text: "National ID, Voter's Card and phone code checks, and admin approval.",
    to: "/features",
    action: "Read about identity verification",
    icon: <IdCardIcon />,
  },
  {
    title: "Results",
    text: "How turnout moves while voting is open, and the results and charts at the close.",
    to: "/features",
    action: "Read about results",
    icon: <ChartIcon />,
  },
  {
    title: "Choosing a plan",
    text: "Compare the Starter, Professional and Enterprise plans.",
    to: "/business#pricing",
    action: "Compare pricing plans",
    icon: <BriefcaseIcon />,
  },
  {
    title: "Re-running a failed election",
    text: "Run a disputed or failed election again, in the open.",
    to: "/programs#failed-elections",
    action: "Read about failed elections",
    icon: <RefreshIcon />,
  },
];

const GETTING_STARTED = [
  {
    title: "Sign up as an organization",
    text: "Create your organization's account. This also creates your Votespace server, the workspace your members will join.",
  },
  {
    title: "Create channels",
    text: "Add text channels for announcements and discussion, airing channels for live audio and live channels for video with screen share.",
  },
  {
    title: "Invite members",
    text: "Share an invite link. Members verify their identity with a National ID, a Voter's Card or a phone code, and you approve them.",
  },
  {
    title: "Create an election channel with candidates",
    text: "Open an election channel, add each position and its candidates, and open voting when you are ready.",
  },
  {
    title: "Share results",
    text: "When voting closes, the results appear as charts in the election channel, for your members to see and check on the bulletin board.",
  },
] as const;

const FAQ = [
  {
    q: "Can a member vote more than once?",
    a: "No. Each verified member gets one vote per position, and a receipt confirms that the vote was recorded.",
  },
  {
    q: "How do voters prove who they are?",
    a: "With a National ID, a Voter's Card or a phone code, depending on what your organization accepts. Administrators also approve new members.",
  },
  {
    q: "Do members need another app for meetings?",
    a: "No. Text channels, airing (live audio) channels, live video channels with screen share and direct messages are all part of your server.",
  },
  {
    q: "Who can see the results?",
    a: "Every member of your server, as charts inside the election channel, once voting closes.",
  },
] as const;

export default function ResourcesPage() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Guides for running elections on Votespace"
        lead="Everything you need to set up your server, verify your voters and run an election your members trust."
      >
        <Link to="/resources#getting-started" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
          Start with the basics
        </Link>
        <Link to="/signup" className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
          Get Started
        </Link>
      </PageHero>

      <Section id="guides" eyebrow="Guides" title="Browse the guides">
        <ul className={cx(shared.grid, shared.grid3, shared.plainList)}>
          {GUIDES.map((guide) => (
            <li key={guide.title} className={cx("card", shared.featureCard, shared.linkCard)}>
              <span className={shared.iconBadge}>{guide.icon}</span>
              <h3 className={shared.cardTitle}>{guide.title}</h3>
              <p className={shared.cardText}>{guide.text}</p>
              <Link to={guide.to} className={cx(shared.cardLink, shared.stretchedLink)}>
                {guide.action}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="getting-started"
        tone="alt"
        eyebrow="Getting started"
        title="Your first election in five steps"
        intro="Follow these steps in order; each one builds on the last."
      >
        <StepList steps={GETTING_STARTED} className={shared.stepsTimeline} />
        <p className={shared.center}>
          <Link to="/signup" className="btn btn-primary btn-lg">
            Sign up your organization
          </Link>
        </p>
      </Section>

      <Section id="faq" eyebrow="FAQ" title="Common questions">
        <div className={styles.faq}>
          {FAQ.map((item) => (
            <details key={item.q} className={styles.faqItem}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </Section>

      <CtaBand
        title="Still deciding?"
        text="See what Votespace can do, or compare the plans for your organization."
        primary={{ to: "/features", label: "Explore features" }}
        secondary={{ to: "/business#pricing", label: "See pricing" }}
      />
    </>
  );
}
