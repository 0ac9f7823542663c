import type { ReactNode } from "react";
import type { RoomKind, RoomParticipant } from "../../../../contract/rooms";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { HandIcon, MicIcon, MicOffIcon, ScreenIcon, VideoIcon } from "./icons";
import styles from "./ParticipantList.module.css";
import parts from "./roomParts.module.css";
import { text } from "./text";

interface Props {
  kind: RoomKind;
  /** The session is live: before, no camera or microphone runs, whatever each one's choice. */
  live: boolean;
  participants: RoomParticipant[];
  selfId: string;
  /** The viewer hosts: they see raised hands first and may promote or lower. */
  canHost: boolean;
  busyUserId: string | null;
  onRole(userId: string, role: "speaker" | "listener" | "viewer"): void;
}

/** Everyone in the session by role: host, speakers, then listeners or viewers (raised hands first). */
/** A participant's state: its icon, with its words for a screen reader and as a tooltip. */
function State({ icon, words }: { icon: ReactNode; words: string }) {
  return (
    <span title={words}>
      {icon}
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

export function ParticipantList({ kind, live, participants, selfId, canHost, busyUserId, onRole }: Props) {
  const audienceRole = kind === "airing" ? "listener" : "viewer";
  const groups = [
    { key: "host", title: text.groups.host, people: participants.filter((p) => p.role === "host") },
    {
      key: "speakers",
      title: text.groups.speakers,
      people: participants.filter((p) => p.role === "speaker"),
    },
    {
      key: "audience",
      title: text.groups[kind],
      people: participants
        .filter((p) => p.role === audienceRole)
        .sort((a, b) => Number(b.hand_raised) - Number(a.hand_raised)),
    },
  ];
  return (
    <section className={parts.card} aria-labelledby="rm-people-title">
      <h2 id="rm-people-title" className={parts.cardTitle}>
        {text.participantsTitle} <span className={parts.count}>{participants.length}</span>
      </h2>
      {participants.length === 0 && <p className={cx("muted", parts.small)}>{text.nobodyHere}</p>}
      {groups
        .filter((group) => group.people.length > 0)
        .map((group) => (
          <div key={group.key} className={styles.group}>
            <h3 className={styles.groupTitle}>
              {group.title} <span className={parts.count}>{group.people.length}</span>
            </h3>
            <ul className={parts.list}>
              {group.people.map((p) => (
                <li key={p.user_id} className={cx(styles.person, p.hand_raised && styles.personHand)}>
                  <Avatar name={p.full_name} size={32} />
                  <span className={styles.personName}>
                    <span>
                      {p.full_name} {p.user_id === selfId && <span className="muted">{text.you}</span>}
                    </span>
                    <span className={styles.personRole}>{text.roles[p.role]}</span>
                  </span>
                  <span className={styles.states}>
                    {p.hand_raised && (
                      <span className={styles.hand} title={text.handRaised}>
                        <HandIcon size={16} />
                        <span className="visually-hidden">{text.handRaised}</span>
                      </span>
                    )}
                    {p.is_screen_sharing && (
                      <State icon={<ScreenIcon size={16} />} words={text.sharingScreen} />
                    )}
                    {p.is_video_on && (
                      <State
                        icon={<VideoIcon size={16} />}
                        words={live ? text.videoIsOn : text.videoWhenLive}
                      />
                    )}
                    {p.role === "host" || p.role === "speaker" ? (
                      p.is_muted ? (
                        <State
                          icon={<MicOffIcon size={16} className={styles.mutedIcon} />}
                          words={text.micMuted}
                        />
                      ) : (
                        <State icon={<MicIcon size={16} />} words={live ? text.micOn : text.micWhenLive} />
                      )
                    ) : null}
                  </span>
                  {canHost && p.role !== "host" && (
                    <button
                      type="button"
                      className={cx("btn", parts.smallButton)}
                      disabled={busyUserId === p.user_id}
                      onClick={() => onRole(p.user_id, p.role === "speaker" ? audienceRole : "speaker")}
                      aria-label={`${p.role === "speaker" ? text.lower(kind) : text.promote}: ${p.full_name}`}
                    >
                      {p.role === "speaker" ? text.lower(kind) : text.promote}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
