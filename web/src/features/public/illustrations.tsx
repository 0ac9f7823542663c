import { CheckIcon, HashIcon, MicIcon, ReceiptIcon, VideoIcon } from "./icons";

/*
 * Decorative mock-ups drawn with HTML and CSS (no images, no external assets).
 * They are hidden from assistive technology: the surrounding text says the same thing.
 */

const CANDIDATES = [
  { name: "Candidate A", chosen: false, bar: "68%" },
  { name: "Candidate B", chosen: true, bar: "88%" },
  { name: "Candidate C", chosen: false, bar: "44%" },
] as const;

/** Hero artwork: a ballot with a receipt and a live results card. */
export function BallotMockup() {
  return (
    <div className="pub-mock-stack" aria-hidden="true">
      <div className="pub-mock-card pub-mock-ballot">
        <div className="pub-mock-head">
          <span className="pub-mock-pill">Ballot</span>
          <span className="pub-mock-caption">Chairperson · choose one</span>
        </div>
        <ul className="pub-mock-options">
          {CANDIDATES.map((c) => (
            <li key={c.name} className={c.chosen ? "pub-mock-option is-chosen" : "pub-mock-option"}>
              <span className="pub-mock-radio">{c.chosen ? <CheckIcon /> : null}</span>
              <span className="pub-mock-avatar" />
              <span>{c.name}</span>
            </li>
          ))}
        </ul>
        <div className="pub-mock-receipt">
          <ReceiptIcon />
          <span>Vote recorded · receipt issued</span>
        </div>
      </div>

      <div className="pub-mock-card pub-mock-results">
        <div className="pub-mock-head">
          <span className="pub-live-dot" />
          <span className="pub-mock-caption">Live results</span>
        </div>
        {CANDIDATES.map((c) => (
          <div key={c.name} className="pub-mock-bar-row">
            <span className="pub-mock-bar-label">{c.name}</span>
            <span className="pub-mock-bar-track">
              <span className="pub-mock-bar" style={{ width: c.bar }} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

const CHANNEL_GROUPS = [
  {
    label: "Text",
    icon: <HashIcon />,
    channels: ["announcements", "general"],
  },
  { label: "Airing", icon: <MicIcon />, channels: ["town-hall"] },
  { label: "Live", icon: <VideoIcon />, channels: ["candidate-debate"] },
  { label: "Elections", icon: <CheckIcon />, channels: ["board-election"] },
] as const;

/** Showcase artwork: a Votespace server with its channel list and an election channel open. */
export function ServerMockup() {
  return (
    <div className="pub-mock-window" aria-hidden="true">
      <div className="pub-mock-titlebar">
        <span />
        <span />
        <span />
      </div>
      <div className="pub-mock-app">
        <div className="pub-mock-rail">
          <span className="pub-mock-server is-active">U</span>
          <span className="pub-mock-server">S</span>
          <span className="pub-mock-server pub-mock-server-add">+</span>
        </div>
        <div className="pub-mock-sidebar">
          <p className="pub-mock-server-name">Union of Teachers</p>
          {CHANNEL_GROUPS.map((group) => (
            <div key={group.label} className="pub-mock-group">
              <p className="pub-mock-group-label">{group.label}</p>
              {group.channels.map((channel) => (
                <p
                  key={channel}
                  className={channel === "board-election" ? "pub-mock-channel is-active" : "pub-mock-channel"}
                >
                  {group.icon}
                  <span>{channel}</span>
                </p>
              ))}
            </div>
          ))}
        </div>
        <div className="pub-mock-pane">
          <p className="pub-mock-pane-title">
            <CheckIcon /> board-election
          </p>
          <div className="pub-mock-position">
            <p className="pub-mock-caption">Secretary · choose one</p>
            <span className="pub-mock-line is-chosen" />
            <span className="pub-mock-line" />
          </div>
          <div className="pub-mock-position">
            <p className="pub-mock-caption">Treasurer · choose one</p>
            <span className="pub-mock-line" />
            <span className="pub-mock-line is-chosen" />
          </div>
          <div className="pub-mock-chart">
            <span style={{ height: "55%" }} />
            <span style={{ height: "85%" }} />
            <span style={{ height: "35%" }} />
            <span style={{ height: "70%" }} />
          </div>
        </div>
      </div>
    </div>
  );
}
