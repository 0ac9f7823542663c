import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { CONTACT_EMAIL } from "./Footer";
import { BriefcaseIcon, CalendarIcon, MicIcon, SchoolIcon, UsersIcon, VideoIcon } from "./icons";
import styles from "./ProgramsPage.module.css";
import { ArrowLink, CtaBand, FeatureCard, PageHero, Section, StepList } from "./sections";
import shared from "./sections.module.css";

const RERUN_STEPS = [
  {
    title: "Review what went wrong",
    text: "We talk through the earlier election with you: the voter roll, the ballot and the points that were disputed.",
  },
  {
    title: "Rebuild the voter roll",
    text: "Members join through invite links, verify their identity and are approved by your administrators, so every voter is accounted for.",
  },
  {
    title: "Campaign in the open",
    text: "Candidates present themselves and debate in text, airing and live channels that every member can follow.",
  },
  {
    title: "Vote with receipts",
    text: "Each verified member casts one vote per position and receives a receipt confirming it was recorded.",
  },
  {
    title: "Publish results at the close",
    text: "When voting closes the count appears as charts, and members, candidates and observers see the same count; each can check it on the public bulletin board.",
  },
] as const;

export default function ProgramsPage() {
  return (
    <>
      <PageHero
        eyebrow="Programs"
        title="Programs and events for civic groups, schools and unions"
        lead="We work alongside organizations that want their members to take part in elections they can trust."
      >
        <Link to="/signup" className={cx("btn", "btn-lg", shared.btnOnBrand)}>
          Get Started
        </Link>
        <Link to="/programs#failed-elections" className={cx("btn", "btn-lg", shared.btnOutlineLight)}>
          Re-run a failed election
        </Link>
      </PageHero>

      <Section
        id="programs"
        eyebrow="Programs"
        title="Support for the organizations that need it"
        intro="Each program helps an organization set up its server and run its elections on Votespace."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<UsersIcon />} title="Civic groups">
            For community associations, residents' groups and non-profits electing their leaders and deciding
            on questions together.
          </FeatureCard>
          <FeatureCard icon={<SchoolIcon />} title="Schools">
            For student councils and class elections, with help setting up invite links and staff approval,
            and using elections to teach how voting works.
          </FeatureCard>
          <FeatureCard icon={<BriefcaseIcon />} title="Unions">
            For unions electing officers and representatives, and putting questions to their members between
            elections.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="events"
        tone="alt"
        eyebrow="Events"
        title="Events you can run on Votespace"
        intro="Your server's channels are also the venue for the events around an election."
      >
        <div className={cx(shared.grid, shared.grid3)}>
          <FeatureCard icon={<VideoIcon />} title="Candidate debates">
            Host debates in a live video channel, with screen share for presentations and manifestos.
          </FeatureCard>
          <FeatureCard icon={<MicIcon />} title="Town halls">
            Open an airing channel for a live audio town hall that members can drop in on.
          </FeatureCard>
          <FeatureCard icon={<CalendarIcon />} title="Results nights">
            Gather members in a channel to follow turnout as ballots are sealed, and the results as charts
            once voting closes.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="failed-elections"
        eyebrow="Failed elections"
        title="Re-run a failed or disputed election, transparently"
        intro="When an election has failed or its result is disputed, trust has to be rebuilt. We help organizations run it again, with every step visible to their members."
      >
        <div className={shared.rerun}>
          <StepList steps={RERUN_STEPS} className={shared.stepsTimeline} />
          <aside className={cx("card", styles.rerunAside)} aria-labelledby="pub-rerun-contact">
            <h3 id="pub-rerun-contact" className={shared.cardTitle}>
              Talk to us about a re-run
            </h3>
            <p className={shared.cardText}>
              Tell us about the election you need to run again and we will help you plan it.
            </p>
            <a className="btn btn-primary btn-block" href={`mailto:${CONTACT_EMAIL}`}>
              E-mail {CONTACT_EMAIL}
            </a>
            <ArrowLink to="/solutions#how-it-works">See how a Votespace election runs</ArrowLink>
          </aside>
        </div>
      </Section>

      <CtaBand
        title="Bring your organization to Votespace"
        text="Read the guides, compare the plans, or sign up and create your server today."
        primary={{ to: "/signup", label: "Get Started" }}
        secondary={{ to: "/resources", label: "Browse resources" }}
      />
    </>
  );
}
