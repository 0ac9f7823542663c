import type { ReactNode } from "react";
import type { RoomKind, RoomParticipant, RoomSession } from "../../../../contract/rooms";
import { SENDING_ROLES } from "../../../../contract/rooms";
import { cx } from "../../ui/cx";
import { Toolbar } from "../../ui/Toolbar";
import styles from "./Controls.module.css";
import {
  HandIcon,
  LeaveIcon,
  LinkIcon,
  MicIcon,
  MicOffIcon,
  PlayIcon,
  RecordIcon,
  ScreenIcon,
  StopIcon,
  VideoIcon,
  VideoOffIcon,
} from "./icons";
import { text } from "./text";

interface Props {
  kind: RoomKind;
  session: RoomSession;
  me: RoomParticipant | null;
  canHost: boolean;
  busy: { start: boolean; end: boolean; local: boolean; recording: boolean };
  recording: { canRecord: boolean; on: boolean };
  onStart(): void;
  onEnd(): void;
  onToggleMute(): void;
  onToggleVideo(): void;
  onToggleScreen(): void;
  onToggleRecording(): void;
  onHand(raised: boolean): void;
  onInvite(): void;
  onLeave(): void;
}

/**
 * A media control. Busy while its request runs, it ignores presses and says so (aria-disabled)
 * but stays focusable: a disabled button drops the keyboard's focus to the page, so the next Space
 * or Enter went nowhere. Unavailable (the session not live) it is disabled.
 */
function Control(props: {
  className: string;
  busy: boolean;
  unavailable?: boolean;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className}
      disabled={props.unavailable}
      aria-disabled={props.busy || undefined}
      onClick={props.busy ? undefined : props.onPress}
    >
      {props.children}
    </button>
  );
}

/**
 * The room's controls, each shown only to whom it works for: Start, End, Record and Invite
 * Participants to the host; mute (and video, screen share in a live stream) to the host and
 * speakers; raise hand to the audience; Leave to everyone seated. A toggle says what it will do
 * ("Unmute", "Stop video"), so it carries no pressed state as well: both at once read backwards.
 */
export function Controls(props: Props) {
  const { kind, session, me, canHost, busy } = props;
  const live = session.status === "live";
  const sends = !!me && SENDING_ROLES.has(me.role);
  // A member out of the room (left, refused) who does not host has no control here: no empty bar.
  if (!me && !canHost && !props.recording.canRecord) return null;
  return (
    <Toolbar className={styles.controls} label="Room controls">
      {me && sends && (
        <Control
          className={cx(styles.control, me.is_muted && styles.off)}
          busy={busy.local}
          unavailable={!live}
          onPress={props.onToggleMute}
        >
          {me.is_muted ? <MicOffIcon /> : <MicIcon />}
          {me.is_muted ? text.unmute : text.mute}
        </Control>
      )}
      {me && sends && kind === "live" && (
        <>
          <Control
            className={cx(styles.control, !me.is_video_on && styles.off)}
            busy={busy.local}
            unavailable={!live}
            onPress={props.onToggleVideo}
          >
            {me.is_video_on ? <VideoIcon /> : <VideoOffIcon />}
            {me.is_video_on ? text.videoOff : text.videoOn}
          </Control>
          <Control
            className={cx(styles.control, me.is_screen_sharing && styles.active)}
            busy={busy.local}
            unavailable={!live}
            onPress={props.onToggleScreen}
          >
            <ScreenIcon />
            {me.is_screen_sharing ? text.stopSharing : text.shareScreen}
          </Control>
        </>
      )}
      {me && !sends && (
        <Control
          className={cx(styles.control, me.hand_raised && styles.active)}
          busy={busy.local}
          onPress={() => props.onHand(!me.hand_raised)}
        >
          <HandIcon />
          {me.hand_raised ? text.lowerHand : text.raiseHand}
        </Control>
      )}
      {props.recording.canRecord && (
        <Control
          className={cx(styles.control, props.recording.on && styles.recording)}
          busy={busy.recording}
          onPress={props.onToggleRecording}
        >
          <RecordIcon />
          {props.recording.on ? text.stopRecording : text.startRecording}
        </Control>
      )}
      <div className={styles.session}>
        {canHost && (
          <button type="button" className="btn" onClick={props.onInvite}>
            <LinkIcon size={16} /> {text.invite}
          </button>
        )}
        {canHost && session.status === "waiting" && (
          <button type="button" className="btn btn-primary" disabled={busy.start} onClick={props.onStart}>
            <PlayIcon size={16} /> {busy.start ? text.starting : text.start}
          </button>
        )}
        {me && (
          <button type="button" className="btn" onClick={props.onLeave}>
            <LeaveIcon size={16} /> {text.leave}
          </button>
        )}
        {canHost && (
          <button type="button" className="btn btn-danger" disabled={busy.end} onClick={props.onEnd}>
            <StopIcon size={16} /> {text.end}
          </button>
        )}
      </div>
    </Toolbar>
  );
}
