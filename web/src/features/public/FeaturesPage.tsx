import { Link } from "../../router";
import { cx } from "../../ui/cx";
import {
  BallotIcon,
  ChartIcon,
  HashIcon,
  IdCardIcon,
  LinkIcon,
  MessageIcon,
  MicIcon,
  RadarIcon,
  UserCheckIcon,
  VideoIcon,
} from "./icons";
import { ArrowLink, CtaBand, FeatureCard, PageHero, Section } from "./sections";
import shared from "./sections.module.css";

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={cx(shared.checkList, shared.checkListCompact)}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything you need to run a trustworthy election"
        lead="Votespace brings voting, identity checks, results at the close and your organization's conversations into one workspace."
      >
        <Link to="/signup" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
          Get Started
        </Link>
        <Link to="/solutions" className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
          See solutions
        </Link>
      </PageHero>

      <Section
        id="voting"
        eyebrow="Voting"
        title="Secure ballots, verified voters, visible results"
        intro="The core of every Votespace election."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard
            icon={<BallotIcon />}
            title="One vote per position, with receipts"
            extra={
              <Bullets
                items={["One ballot per verified voter", "One choice per position", "A receipt after voting"]}
              />
            }
          >
            Each ballot lets a voter choose once for every position, and each vote is confirmed with a
            receipt.
          </FeatureCard>
          <FeatureCard
            icon={<IdCardIcon />}
            title="Identity verification"
            extra={<Bullets items={["National ID", "Voter's Card", "Phone code"]} />}
          >
            Voters prove who they are before they can vote, using the method your organization accepts.
          </FeatureCard>
          <FeatureCard
            icon={<ChartIcon />}
            title="Results with charts"
            extra={
              <Bullets items={["Results per position", "Turnout as ballots are sealed", "Easy to share"]} />
            }
          >
            The results appear the moment voting closes, so members, candidates and observers all see the same
            picture; while voting is open no count moves with one ballot.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="channels"
        tone="alt"
        eyebrow="Channels"
        title="A workspace for the whole election"
        intro="Announcements, debates and meetings sit next to the ballot, so members never need another tool."
      >
        <div className={cx(shared.grid, shared.grid4)}>
          <FeatureCard icon={<HashIcon />} title="Text channels">
            Topic-based conversations for announcements, campaign discussion and questions to candidates.
          </FeatureCard>
          <FeatureCard icon={<MicIcon />} title="Airing audio rooms">
            Live audio rooms for town halls, briefings and results nights that members can join and leave.
          </FeatureCard>
          <FeatureCard icon={<VideoIcon />} title="Live video with screen share">
            Video channels for debates and meetings, with screen sharing for presentations and manifestos.
          </FeatureCard>
          <FeatureCard icon={<MessageIcon />} title="Direct messages">
            Private one-to-one conversations between members, candidates and administrators.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="administration"
        eyebrow="Administration"
        title="Stay in control of who takes part"
        intro="Administrators decide who joins, and can see what is happening in the workspace."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<UserCheckIcon />} title="Admin approval">
            New members wait for an administrator to approve them before they can join the workspace or vote.
          </FeatureCard>
          <FeatureCard icon={<LinkIcon />} title="Invite links">
            Bring members in with a link you share by e-mail, by message or on a notice board.
          </FeatureCard>
          <FeatureCard icon={<RadarIcon />} title="Security monitoring">
            Unusual activity around your workspace and elections is surfaced to administrators so they can
            act.
          </FeatureCard>
        </div>
        <div className={shared.linkRow}>
          <ArrowLink to="/solutions#how-it-works">How an election runs, step by step</ArrowLink>
          <ArrowLink to="/resources#getting-started">Getting started guide</ArrowLink>
          <ArrowLink to="/business#pricing">Plans and pricing</ArrowLink>
        </div>
      </Section>

      <CtaBand
        title="See it with your own organization"
        text="Create a server, invite a few members and run a practice election."
        primary={{ to: "/signup", label: "Get Started" }}
        secondary={{ to: "/business#pricing", label: "Compare plans" }}
      />
    </>
  );
}
