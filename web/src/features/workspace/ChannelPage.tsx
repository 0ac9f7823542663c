import type { ReactNode } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type Channel,
  POSITION_LABELS,
  type VotingSettings,
} from "../../../../contract/channels";
import { Avatar } from "../../ui/Avatar";
import { CalendarIcon, ChannelTypeIcon, LockIcon } from "../../ui/icons";
import { ChannelFrame, ChannelHeader } from "./ChannelFrame";
import { BellOffIcon, GlobeIcon } from "./icons";
import { CHANNEL_PURPOSE, CHANNEL_TYPE_LABELS, text } from "./text";

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long", year: "numeric" });

/** "2025-03-01" as a calendar date, without a time-zone shift. */
function calendarDate(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  if (!year || !month || !day) return value;
  return dateFormat.format(new Date(year, month - 1, day));
}

/** Only our own images are allowed by the page's security policy; others fall back to initials. */
const ownImage = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? url : null);

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="ws-fact">
      <span className="ws-fact-icon">{icon}</span>
      <div>
        <dt>{label}</dt>
        <dd>{children}</dd>
      </div>
    </div>
  );
}

function Candidates({ candidates }: { candidates: CandidateInput[] }) {
  if (candidates.length === 0) return <p className="muted">{text.noCandidates}</p>;
  return (
    <div className="ws-candidates">
      {CANDIDATE_POSITIONS.filter((position) => candidates.some((c) => c.position === position)).map(
        (position) => (
          <section key={position} className="ws-candidate-group" aria-label={POSITION_LABELS[position]}>
            <h4>{POSITION_LABELS[position]}</h4>
            <ul>
              {candidates
                .filter((candidate) => candidate.position === position)
                .map((candidate) => (
                  <li key={`${candidate.name}-${candidate.party}`} className="ws-candidate">
                    <Avatar name={candidate.name} src={ownImage(candidate.image)} size={40} />
                    <span>
                      <strong>{candidate.name}</strong>
                      <span className="ws-candidate-party">{candidate.party}</span>
                    </span>
                  </li>
                ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}

function Voting({ voting }: { voting: VotingSettings }) {
  return (
    <>
      {/* One continuous window from the start date and time to the end (not daily hours). */}
      <Fact icon={<CalendarIcon size={18} />} label={text.votingPeriod}>
        {text.votingFromTo(
          `${calendarDate(voting.startDate)}, ${voting.startTime}`,
          `${calendarDate(voting.endDate)}, ${voting.endTime}`,
        )}
      </Fact>
    </>
  );
}

/** A channel's page: its header and the real facts about it (the text, room and election views come later). */
export default function ChannelPage() {
  return <ChannelFrame>{(channel) => <ChannelFacts channel={channel} />}</ChannelFrame>;
}

function ChannelFacts({ channel }: { channel: Channel }) {
  const purpose = CHANNEL_PURPOSE[channel.type];
  return (
    <article className="ws-channel-page">
      <ChannelHeader
        type={channel.type}
        name={
          <>
            {channel.name}
            {channel.is_private && (
              <span className="ws-channel-header-lock" title={text.privateChannel}>
                <LockIcon size={16} />
                <span className="visually-hidden">{` (${text.privateChannel})`}</span>
              </span>
            )}
            {channel.preferences.muted && (
              <span className="ws-channel-header-lock" title={text.mutedChannel}>
                <BellOffIcon size={16} />
                <span className="visually-hidden">{` (${text.mutedChannel})`}</span>
              </span>
            )}
          </>
        }
        description={channel.description || CHANNEL_TYPE_LABELS[channel.type]}
      />

      <div className="ws-channel-body">
        <section className={`ws-purpose ws-purpose-${channel.type}`} aria-labelledby="ws-purpose-title">
          <span className="ws-purpose-icon">
            <ChannelTypeIcon type={channel.type} size={26} />
          </span>
          <div>
            <h2 id="ws-purpose-title">{purpose.title}</h2>
            <p>{purpose.body}</p>
          </div>
        </section>

        <dl className="ws-facts">
          <Fact icon={<CalendarIcon size={18} />} label={text.created}>
            {dateFormat.format(new Date(channel.created_at))}
          </Fact>
          <Fact
            icon={channel.is_private ? <LockIcon size={18} /> : <GlobeIcon size={18} />}
            label={text.visibility}
          >
            {channel.is_private
              ? `${text.private}: ${text.privateNote}`
              : `${text.public}: ${text.publicNote}`}
          </Fact>
          {channel.type === "election" && channel.voting_settings && (
            <Voting voting={channel.voting_settings} />
          )}
        </dl>

        {(channel.type === "text" || !channel.can.post) && (
          <p className={channel.can.post ? "ws-post-note" : "ws-post-note ws-post-note-locked"}>
            {channel.can.post ? text.postingAllowed : text.postingLocked}
          </p>
        )}

        {channel.type === "election" && channel.voting_settings && (
          <section className="ws-card-section" aria-labelledby="ws-candidates-title">
            <h3 id="ws-candidates-title">{text.candidates}</h3>
            <Candidates candidates={channel.voting_settings.candidates} />
          </section>
        )}
      </div>
    </article>
  );
}
