import { useCallback, useMemo, useState } from "react";
import { type Channel, channelPath } from "../../../../contract/channels";
import {
  type RoomKind,
  type RoomParticipant,
  type RoomSession,
  type RoomView,
  roomMessages,
  roomsEndpoints,
} from "../../../../contract/rooms";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { copyText } from "../../ui/clipboard";
import { cx } from "../../ui/cx";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { useToast } from "../../ui/Toast";
import { EmptyState } from "../workspace/EmptyState";
import { Controls } from "./Controls";
import { RecordIcon, SpeakerIcon } from "./icons";
import { RemoteAudio } from "./MediaElements";
import { ParticipantList } from "./ParticipantList";
import { Recordings } from "./Recordings";
import styles from "./Room.module.css";
import parts from "./roomParts.module.css";
import { Stage } from "./Stage";
import { text } from "./text";
import { useLocalTracks } from "./useLocalTracks";
import { useRecorder } from "./useRecorder";
import { useRoomMedia } from "./useRoomMedia";
import { useSeat } from "./useSeat";

interface Props {
  kind: RoomKind;
  view: RoomView;
  channel: Pick<Channel, "id" | "name" | "type">;
  onSession(session: RoomSession): void;
  onParticipant(participant: RoomParticipant): void;
  onReopen(): void;
  /** The organization is suspended: its members may not join (the server refuses too), so no seat is taken. */
  suspended?: boolean;
  /** Someone opened a new session after this one ended (not joined until the viewer asks). */
  newerSession?: boolean;
}

/** One session on screen: the viewer's seat, their devices, the media, and the host's controls. */
export function Room({
  kind,
  view,
  channel,
  onSession,
  onParticipant,
  onReopen,
  newerSession = false,
  suspended = false,
}: Props) {
  const toast = useToast();
  const { session, viewer } = view;
  const open = session.status !== "ended";
  const live = session.status === "live";
  const { seat, socket, leave, rejoin } = useSeat(session.id, open && !suspended);
  const seated = seat.state === "joined";
  const me = seated
    ? (view.participants.find((p) => p.user_id === viewer.user_id) ?? seat.participant)
    : null;

  const local = useLocalTracks({
    sessionId: session.id,
    me,
    live,
    video: kind === "live",
    onMine: onParticipant,
  });
  const media = useRoomMedia({
    sessionId: session.id,
    selfId: viewer.user_id,
    active: live && seated,
    seatGeneration: seated ? seat.generation : 0,
    socket,
    video: kind === "live",
    participants: view.participants,
    outgoing: local.outgoing,
  });
  const sources = useMemo(() => {
    const remote = [...media.remotes.values()];
    return {
      audio: local.outgoing ? [local.outgoing, ...remote] : remote,
      video: local.preview ? [local.preview, ...remote] : remote,
    };
  }, [local.outgoing, local.preview, media.remotes]);
  const recorder = useRecorder({ session, canHost: viewer.can_host, seated, sources, onSession });

  const [busy, setBusy] = useState({ start: false, end: false });
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [roleBusy, setRoleBusy] = useState<string | null>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [resumeSignal, setResumeSignal] = useState(0);
  const onBlocked = useCallback((blocked: boolean) => setSoundBlocked(blocked), []);

  const act = async (key: "start" | "end", action: () => Promise<RoomSession>) => {
    setBusy((b) => ({ ...b, [key]: true }));
    try {
      onSession(await action());
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
    }
  };

  const setRole = async (userId: string, role: "speaker" | "listener" | "viewer") => {
    setRoleBusy(userId);
    try {
      onParticipant(
        await call(roomsEndpoints.setRole, { params: { id: session.id, userId }, body: { role } }),
      );
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setRoleBusy(null);
    }
  };

  const invite = () => {
    // The audience are members: the link opens the channel in the member area.
    copyText(window.location.origin + channelPath("member", channel))
      .then(() => toast(roomMessages.inviteLinkCopied))
      .catch(() => toast(text.copyFailed, "error"));
  };

  if (!open) {
    return (
      <div className={styles.body}>
        <EmptyState title={text.ended} action={suspended ? undefined : <ReopenButton onReopen={onReopen} />}>
          {/* Suspended, no room opens again: the shell's banner says why. */}
          <Status as="span">
            {newerSession
              ? text.newerSession
              : suspended
                ? null
                : viewer.can_host
                  ? text.endedBodyHost
                  : text.endedBody}
          </Status>
        </EmptyState>
        <Recordings recordings={view.recordings} uploading={recorder.uploading} />
      </div>
    );
  }

  return (
    <div className={styles.body}>
      {suspended ? null : seat.state === "refused" || seat.state === "replaced" || seat.state === "left" ? (
        <div className={parts.notice} role={seat.state === "refused" ? "alert" : "status"}>
          <span>
            <strong>
              {seat.state === "refused"
                ? seat.message
                : seat.state === "replaced"
                  ? text.replaced
                  : text.leftTitle}
            </strong>
            {seat.state === "left" && <span className="muted"> {text.leftBody}</span>}
          </span>
          <button type="button" className={cx("btn", parts.smallButton)} onClick={rejoin}>
            {text.rejoin}
          </button>
        </div>
      ) : (
        seat.state === "connecting" && (
          <Status className={cx(parts.notice, parts.noticeQuiet)}>{text.connecting}</Status>
        )
      )}
      {local.notice && (
        <div className={cx(parts.notice, parts.noticeWarn)} role="alert">
          <span>{local.notice}</span>
          <button type="button" className={cx("btn", parts.smallButton)} onClick={local.dismissNotice}>
            OK
          </button>
        </div>
      )}
      {media.error && (
        <div className={cx(parts.notice, parts.noticeWarn)} role="alert">
          <span>
            {text.mediaFailed}
            {media.error}
          </span>
          <button type="button" className={cx("btn", parts.smallButton)} onClick={media.retry}>
            {text.retry}
          </button>
        </div>
      )}
      {soundBlocked && (
        <button
          type="button"
          className={cx(parts.notice, parts.sound)}
          onClick={() => setResumeSignal((n) => n + 1)}
        >
          <SpeakerIcon size={18} /> {text.enableSound}
        </button>
      )}
      {session.is_recording && (
        <Status className={styles.recordingFlag}>
          <RecordIcon size={14} /> {text.recordingBadge}
        </Status>
      )}

      <div className={styles.layout}>
        <div className={styles.main}>
          <Stage
            kind={kind}
            live={live}
            participants={view.participants}
            inRoom={seated || seat.state === "connecting"}
            selfId={viewer.user_id}
            remotes={media.remotes}
            preview={local.preview}
          />
          {session.status === "waiting" && (
            <p className={styles.waiting}>{viewer.can_host ? text.waitingHostCanStart : text.waitingHost}</p>
          )}
          <Controls
            kind={kind}
            session={session}
            me={me}
            canHost={viewer.can_host}
            busy={{ ...busy, local: local.busy, recording: recorder.busy }}
            recording={{ canRecord: recorder.canRecord, on: recorder.recording }}
            onStart={() =>
              void act("start", () => call(roomsEndpoints.start, { params: { id: session.id } }))
            }
            onEnd={() => setConfirmEnd(true)}
            onToggleMute={() => void local.toggleMute()}
            onToggleVideo={() => void local.toggleVideo()}
            onToggleScreen={() => void local.toggleScreen()}
            onToggleRecording={() => void recorder.toggle()}
            onHand={(raised) => void local.raiseHand(raised)}
            onInvite={invite}
            onLeave={leave}
          />
        </div>
        <aside className={styles.side}>
          <ParticipantList
            kind={kind}
            live={live}
            participants={view.participants}
            selfId={viewer.user_id}
            canHost={viewer.can_host}
            busyUserId={roleBusy}
            onRole={(userId, role) => void setRole(userId, role)}
          />
          <Recordings recordings={view.recordings} uploading={recorder.uploading} />
        </aside>
      </div>
      <RemoteAudio streams={media.remotes} onBlocked={onBlocked} resumeSignal={resumeSignal} />

      {confirmEnd && (
        <ConfirmDialog
          title={text.end}
          onClose={() => setConfirmEnd(false)}
          onConfirm={() =>
            void act("end", () => call(roomsEndpoints.end, { params: { id: session.id } })).then(() =>
              setConfirmEnd(false),
            )
          }
          busy={busy.end}
          confirmLabel={text.end}
          busyLabel={`${text.end}...`}
          cancelLabel="Cancel"
        >
          <p>{text.endConfirm}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function ReopenButton({ onReopen }: { onReopen(): void }) {
  return (
    <button type="button" className="btn btn-primary" onClick={onReopen}>
      {text.openAgain}
    </button>
  );
}
