import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { BriefcaseIcon, FlagIcon, LandmarkIcon, ScaleIcon, SchoolIcon, UsersIcon } from "./icons";
import { ArrowLink, CtaBand, FeatureCard, PageHero, Section, StepList } from "./sections";
import shared from "./sections.module.css";

const STEPS = [
  {
    title: "Sign up as an organization",
    text: "Create your organization's account and its Votespace server: the workspace your members will join.",
  },
  {
    title: "Set up your channels",
    text: "Add text channels for announcements and discussion, airing channels for live audio and live channels for video.",
  },
  {
    title: "Invite and approve members",
    text: "Share invite links. New members verify their identity, and administrators approve who gets in.",
  },
  {
    title: "Open an election channel",
    text: "Add the positions and candidates. Candidates can campaign and debate in the other channels.",
  },
  {
    title: "Members vote",
    text: "Each verified member casts one vote per position and receives a receipt once the vote is recorded.",
  },
  {
    title: "Follow and share the results",
    text: "Turnout moves as ballots are sealed, and the results appear as charts in the election channel at the close, ready to share with everyone.",
  },
] as const;

export default function SolutionsPage() {
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title="Elections for every kind of organization"
        lead="From party primaries to school councils, Votespace gives each organization a workspace of its own for running elections."
      >
        <Link to="/signup" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
          Get Started
        </Link>
        <Link to="/solutions#how-it-works" className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
          How it works
        </Link>
      </PageHero>

      <Section
        id="who-its-for"
        eyebrow="Who it's for"
        title="Built around the way your organization votes"
        intro="Each organization gets its own server, its own members and its own elections."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<LandmarkIcon />} title="Electoral bodies and civic groups">
            Run general elections with verified voters and results that anyone in the workspace can follow.
          </FeatureCard>
          <FeatureCard icon={<FlagIcon />} title="Political parties">
            Hold primaries among members, host candidate debates in live channels and publish the outcome.
          </FeatureCard>
          <FeatureCard icon={<ScaleIcon />} title="Parliaments and councils">
            Elect speakers, chairs and committee members, with one vote per position for each member.
          </FeatureCard>
          <FeatureCard icon={<SchoolIcon />} title="Schools and universities">
            Student council and class elections, with invite links for students and approval by staff.
          </FeatureCard>
          <FeatureCard icon={<UsersIcon />} title="Unions and associations">
            Elect officers and hold referendums among members, with identity checks before anyone votes.
          </FeatureCard>
          <FeatureCard icon={<BriefcaseIcon />} title="Companies and boards">
            Corporate elections for board seats and staff representatives, restricted to approved members.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="how-it-works"
        tone="alt"
        eyebrow="How it works"
        title="From sign-up to results in six steps"
        intro="This is the path every Votespace election follows."
      >
        <StepList steps={STEPS} className={shared.stepsGrid} />
        <div className={shared.linkRow}>
          <ArrowLink to="/resources#getting-started">Read the getting started guide</ArrowLink>
          <ArrowLink to="/features">Explore every feature</ArrowLink>
        </div>
      </Section>

      <CtaBand
        title="Find the plan that fits your organization"
        text="Start small and grow, or talk to us about a larger election."
        primary={{ to: "/signup", label: "Get Started" }}
        secondary={{ to: "/business#pricing", label: "View pricing" }}
      />
    </>
  );
}
