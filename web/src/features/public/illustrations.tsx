import { cx } from "../../ui/cx";
import { CheckIcon, HashIcon, MicIcon, ReceiptIcon, VideoIcon } from "./icons";
import styles from "./illustrations.module.css";

/*
 * Decorative mock-ups drawn with HTML and CSS (no images, no external assets).
 * They are hidden from assistive technology: the surrounding text says the same thing.
 */

const CANDIDATES = [
  { name: "Candidate A", chosen: false, bar: "68%" },
  { name: "Candidate B", chosen: true, bar: "88%" },
  { name: "Candidate C", chosen: false, bar: "44%" },
] as const;

/** Hero artwork: a ballot with a receipt and a results card. */
export function BallotMockup() {
  return (
    <div className={styles.stack} aria-hidden="true">
      <div className={cx(styles.card, styles.ballot)}>
        <div className={styles.head}>
          <span className={styles.pill}>Ballot</span>
          <span className={styles.caption}>Chairperson · choose one</span>
        </div>
        <ul className={styles.options}>
          {CANDIDATES.map((c) => (
            <li key={c.name} className={cx(styles.option, c.chosen && styles.optionChosen)}>
              <span className={styles.radio}>{c.chosen ? <CheckIcon /> : null}</span>
              <span className={styles.avatar} />
              <span>{c.name}</span>
            </li>
          ))}
        </ul>
        <div className={styles.receipt}>
          <ReceiptIcon />
          <span>Vote recorded · receipt issued</span>
        </div>
      </div>

      <div className={cx(styles.card, styles.results)}>
        <div className={styles.head}>
          <span className={styles.caption}>Results</span>
        </div>
        {CANDIDATES.map((c) => (
          <div key={c.name} className={styles.barRow}>
            <span>{c.name}</span>
            <span className={styles.barTrack}>
              <span className={styles.bar} style={{ width: c.bar }} />
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
    <div className={styles.window} aria-hidden="true">
      <div className={styles.titlebar}>
        <span />
        <span />
        <span />
      </div>
      <div className={styles.app}>
        <div className={styles.rail}>
          <span className={cx(styles.server, styles.serverActive)}>U</span>
          <span className={styles.server}>S</span>
          <span className={cx(styles.server, styles.serverAdd)}>+</span>
        </div>
        <div className={styles.sidebar}>
          <p className={styles.serverName}>Union of Teachers</p>
          {CHANNEL_GROUPS.map((group) => (
            <div key={group.label} className={styles.group}>
              <p className={styles.groupLabel}>{group.label}</p>
              {group.channels.map((channel) => (
                <p
                  key={channel}
                  className={cx(styles.channel, channel === "board-election" && styles.channelActive)}
                >
                  {group.icon}
                  <span>{channel}</span>
                </p>
              ))}
            </div>
          ))}
        </div>
        <div className={styles.pane}>
          <p className={styles.paneTitle}>
            <CheckIcon /> board-election
          </p>
          <div className={styles.position}>
            <p className={styles.caption}>Secretary · choose one</p>
            <span className={cx(styles.line, styles.lineChosen)} />
            <span className={styles.line} />
          </div>
          <div className={styles.position}>
            <p className={styles.caption}>Treasurer · choose one</p>
            <span className={styles.line} />
            <span className={cx(styles.line, styles.lineChosen)} />
          </div>
          <div className={styles.chart}>
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
