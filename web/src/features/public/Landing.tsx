import type { ReactNode } from "react";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import {
  BriefcaseIcon,
  ChartIcon,
  CheckIcon,
  FlagIcon,
  HashIcon,
  IdCardIcon,
  LandmarkIcon,
  MicIcon,
  ReceiptIcon,
  ScaleIcon,
  SchoolIcon,
  VideoIcon,
} from "./icons";
import { BallotMockup, ServerMockup } from "./illustrations";
import styles from "./Landing.module.css";
import { ArrowLink, CtaBand, FeatureCard, Section } from "./sections";
import shared from "./sections.module.css";

type ElectionType = { title: string; action: string; icon: ReactNode; text: string };

const ELECTION_TYPES: readonly ElectionType[] = [
  {
    title: "General elections",
    action: "Start a general election",
    icon: <LandmarkIcon />,
    text: "Fill several positions on one ballot, with one vote per position for every verified voter.",
  },
  {
    title: "Primary elections",
    action: "Start a primary election",
    icon: <FlagIcon />,
    text: "Let members choose their candidates ahead of the main vote, on a members-only voter roll.",
  },
  {
    title: "Parliamentary elections",
    action: "Start a parliamentary election",
    icon: <ScaleIcon />,
    text: "Elect speakers, committee chairs and other office holders with results everyone can follow.",
  },
  {
    title: "School elections",
    action: "Start a school election",
    icon: <SchoolIcon />,
    text: "Student councils, class representatives and clubs: invite students with a link and vote in class.",
  },
  {
    title: "Referendums",
    action: "Start a referendum",
    icon: <CheckIcon />,
    text: "Put a question to your members, collect one answer per voter and publish the outcome.",
  },
  {
    title: "Corporate elections",
    action: "Start a corporate election",
    icon: <BriefcaseIcon />,
    text: "Board seats, staff representatives and committees, open only to the members you approve.",
  },
];

const HOW_IT_WORKS = [
  { title: "Create your server", text: "Sign up as an organization and set up your workspace." },
  { title: "Invite your members", text: "Share invite links and approve who joins." },
  { title: "Open an election", text: "Add positions and candidates in an election channel." },
  {
    title: "Follow the results",
    text: "Watch turnout rise as ballots are sealed, and the results as charts the moment voting closes.",
  },
] as const;

const CHANNEL_KINDS = [
  { icon: <HashIcon />, name: "Text channels", text: "announcements, discussion and candidate Q&A" },
  { icon: <MicIcon />, name: "Airing channels", text: "live audio rooms for town halls and briefings" },
  { icon: <VideoIcon />, name: "Live channels", text: "video with screen share for debates and meetings" },
  {
    icon: <CheckIcon />,
    name: "Election channels",
    text: "ballots, candidates, turnout, and results at the close",
  },
] as const;

export default function Landing() {
  return (
    <>
      <section className={styles.hero}>
        <div className={cx(shared.container, styles.heroGrid)}>
          <div className={styles.heroCopy}>
            <p className={styles.heroPill}>Elections inside your organization's workspace</p>
            <h1 className={styles.heroTitle}>
              <span className={styles.heroBrand}>Votespace:</span>{" "}
              <span>online elections made safe, secure, and accessible for all.</span>
            </h1>
            <p className={styles.heroLead}>
              Verify your voters, give each of them one vote per position with a receipt, and follow turnout
              as ballots are sealed and the results at the close, in the same place your members talk, meet
              and debate.
            </p>
            <div className={shared.heroActions}>
              <Link to="/signup" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
                Get Started
              </Link>
              <Link to="/features" className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
                Explore features
              </Link>
            </div>
          </div>
          <BallotMockup />
        </div>
      </section>

      <Section
        id="election-types"
        eyebrow="Election types"
        title="One platform for every kind of election"
        intro="Pick the kind of vote you need to run; Votespace sets up ballots, voters and results around it."
      >
        <ul className={cx(shared.grid, shared.grid3, shared.plainList)}>
          {ELECTION_TYPES.map((type) => (
            <li key={type.title} className={cx("card", shared.featureCard, shared.linkCard)}>
              <span className={shared.iconBadge}>{type.icon}</span>
              <h3 className={shared.cardTitle}>{type.title}</h3>
              <p className={shared.cardText}>{type.text}</p>
              <Link to="/signup" className={cx(shared.cardLink, shared.stretchedLink)}>
                {type.action}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <section className={shared.strip} aria-labelledby="pub-how-strip-title">
        <div className={shared.container}>
          <div className={styles.stripHead}>
            <h2 id="pub-how-strip-title" className={styles.stripTitle}>
              How it works
            </h2>
            <ArrowLink to="/solutions#how-it-works">See how Votespace works, step by step</ArrowLink>
          </div>
          <ol className={styles.stripSteps}>
            {HOW_IT_WORKS.map((step) => (
              <li key={step.title} className={styles.stripStep}>
                <h3 className={styles.stripStepTitle}>{step.title}</h3>
                <p className={styles.stripStepText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={cx(shared.section, styles.showcase)} aria-labelledby="pub-server-title">
        <div className={cx(shared.container, styles.showcaseGrid)}>
          <div className={shared.showcaseCopy}>
            <p className={shared.eyebrow}>Your workspace</p>
            <h2 id="pub-server-title" className={shared.sectionTitle}>
              Create Your Votespace Server
            </h2>
            <p className={cx(shared.sectionIntro, styles.textLeft)}>
              Your organization creates a workspace of channels, invites its members and runs its elections
              there. Campaigning, debate and voting happen in one place, among people you have approved.
            </p>
            <ul className={styles.channelList}>
              {CHANNEL_KINDS.map((kind) => (
                <li key={kind.name}>
                  <span className={styles.channelIcon}>{kind.icon}</span>
                  <span>
                    <strong>{kind.name}</strong>: {kind.text}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/signup" className="btn btn-primary btn-lg">
              Create your server
            </Link>
          </div>
          <ServerMockup />
        </div>
      </section>

      <Section
        tone="alt"
        eyebrow="Built for trust"
        title="Elections your members can believe in"
        intro="Every part of Votespace is designed so that each eligible member votes once, and everyone sees the same results."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<IdCardIcon />} title="Verified voters">
            Members confirm who they are with a National ID, a Voter's Card or a phone code before they vote.
          </FeatureCard>
          <FeatureCard icon={<ReceiptIcon />} title="One vote, with a receipt">
            Each voter casts one vote per position and receives a receipt confirming the vote was recorded.
          </FeatureCard>
          <FeatureCard icon={<ChartIcon />} title="Results at the close">
            Turnout moves as ballots are sealed; no count moves with one ballot. The results appear as charts
            the moment voting closes, for every member to follow.
          </FeatureCard>
        </div>
        <p className={shared.center}>
          <ArrowLink to="/features">See all Votespace features</ArrowLink>
        </p>
      </Section>

      <CtaBand
        title="Ready to run your next election?"
        text="Create your organization's server, invite your members and open your first election channel."
        primary={{ to: "/signup", label: "Get Started" }}
        secondary={{ to: "/business#pricing", label: "See pricing" }}
      />
    </>
  );
}
