import type { RoomKind, RoomParticipant } from "../../../../contract/rooms";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { HandIcon, MicIcon, MicOffIcon, ScreenIcon, VideoOffIcon } from "./icons";
import { StreamVideo } from "./MediaElements";
import styles from "./Stage.module.css";
import { text } from "./text";

interface StageProps {
  kind: RoomKind;
  /** The session is live: before it starts no one is heard, whatever their microphone's state. */
  live: boolean;
  participants: RoomParticipant[];
  /** The viewer is in the room (seated, or joining): out of it (left, refused), no media comes. */
  inRoom: boolean;
  selfId: string;
  remotes: ReadonlyMap<string, MediaStream>;
  preview: MediaStream | null;
}

/** The grid for 1, 2, 3 and 4 or more tiles. */
const TILES = [undefined, styles.tiles1, styles.tiles2, styles.tiles3, styles.tiles4];

const onStage = (p: RoomParticipant) => p.role === "host" || p.role === "speaker";

/**
 * A speaker's microphone as it is (not the button's action): muted; before the session starts, off
 * until it does; live, speaking.
 */
function MicState({ muted, live }: { muted: boolean; live: boolean }) {
  const words = muted ? text.micMuted : live ? text.speaking : text.micWhenLive;
  return (
    <span className={cx(styles.mic, muted && styles.micOff)} title={words}>
      {muted ? <MicOffIcon size={14} /> : <MicIcon size={14} />}
      <span className="visually-hidden"> ({words.toLowerCase()})</span>
    </span>
  );
}

/** Who is on stage: the host and speakers; video tiles in a live stream, portraits in an audio room. */
export function Stage(props: StageProps) {
  const speakers = props.participants.filter(onStage);
  const audience = props.participants.length - speakers.length;
  return (
    <section
      className={cx(styles.stage, props.kind === "live" ? styles.live : styles.airing)}
      aria-label={text.onStage}
    >
      {props.kind === "live" ? (
        <VideoTiles {...props} speakers={speakers} />
      ) : (
        <Portraits speakers={speakers} live={props.live} />
      )}
      <p className={styles.audience}>
        {props.kind === "airing" ? text.listening(audience) : text.watching(audience)}
      </p>
    </section>
  );
}

function Portraits({ speakers, live }: { speakers: RoomParticipant[]; live: boolean }) {
  // The room says below that it waits for the host; once live, an empty stage means they left.
  if (speakers.length === 0) return <p className={styles.empty}>{live ? text.stageLeft : text.stageEmpty}</p>;
  return (
    <ul className={styles.portraits}>
      {speakers.map((p) => (
        <li key={p.user_id} className={cx(styles.portrait, live && !p.is_muted && styles.portraitLive)}>
          <span className={styles.ring}>
            <Avatar name={p.full_name} size={72} />
          </span>
          <span className={styles.name}>
            {p.full_name}
            <MicState muted={p.is_muted} live={live} />
          </span>
          <span className={styles.role}>{text.roles[p.role]}</span>
        </li>
      ))}
    </ul>
  );
}

function VideoTiles({
  speakers,
  selfId,
  remotes,
  preview,
  live,
  inRoom,
}: StageProps & { speakers: RoomParticipant[] }) {
  if (speakers.length === 0) return <p className={styles.empty}>{live ? text.stageLeft : text.noVideo}</p>;
  return (
    <ul className={cx(styles.tiles, TILES[Math.min(speakers.length, 4)])}>
      {speakers.map((p) => {
        const self = p.user_id === selfId;
        const stream = self ? preview : remotes.get(p.user_id);
        const showing =
          (p.is_video_on || p.is_screen_sharing) && !!stream && stream.getVideoTracks().length > 0;
        return (
          <li key={p.user_id} className={styles.tile}>
            {showing && stream ? (
              <StreamVideo
                stream={stream}
                mirrored={self && !p.is_screen_sharing}
                label={`${p.full_name}${p.is_screen_sharing ? ` — ${text.sharingScreen}` : ""}`}
              />
            ) : (
              <div className={styles.tileOff}>
                <Avatar name={p.full_name} size={64} />
                {(p.is_video_on || p.is_screen_sharing) && !live ? (
                  <span>{text.videoWhenLive}</span>
                ) : p.is_video_on || p.is_screen_sharing ? (
                  <span>{inRoom ? text.videoStarting : text.videoInRoom}</span>
                ) : (
                  <span>
                    <VideoOffIcon size={14} /> {text.cameraOff}
                  </span>
                )}
              </div>
            )}
            <span className={styles.tileLabel}>
              {p.full_name} {self && text.you}
              <MicState muted={p.is_muted} live={live} />
              {p.is_screen_sharing && (
                <span className={styles.tileFlag}>
                  <ScreenIcon size={14} /> {text.sharingScreen}
                </span>
              )}
              {p.hand_raised && <HandIcon size={14} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
