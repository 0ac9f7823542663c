import { useEffect, useRef } from "react";
import { messages } from "../../../../contract/messages";
import type { RoomKind, RoomStatus } from "../../../../contract/rooms";
import { Link, useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { ChannelHeader, PageLoading } from "../workspace/ChannelFrame";
import { EmptyState, NoOrganization } from "../workspace/EmptyState";
import { useHonestAddress, useListedChannel } from "../workspace/useChannelFromQuery";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { MicIcon, UsersIcon, VideoIcon } from "./icons";
import { Room } from "./Room";
import styles from "./RoomPage.module.css";
import parts from "./roomParts.module.css";
import { text } from "./text";
import { useRoom } from "./useRoom";

const STATUS_LOOK: Record<RoomStatus, string | undefined> = {
  waiting: undefined,
  live: styles.live,
  ended: styles.ended,
};

export function StatusBadge({ status }: { status: RoomStatus }) {
  return (
    <span className={cx(styles.status, STATUS_LOOK[status])}>
      <span className={styles.statusDot} aria-hidden="true" />
      {text.status[status]}
    </span>
  );
}

/**
 * The screen of an airing channel (audio room) or a live channel (live stream): the channel's
 * session with its status and participant count, the stage, the controls and the participants,
 * with loading, not-found and retryable error states.
 */
export function RoomPage({ kind }: { kind: RoomKind }) {
  const { area, currentId, current } = useWorkspace();
  const [searchParams] = useSearchParams();
  const channelId = searchParams.get("channelId");
  const channelName = searchParams.get("channelName") || text.defaultName[kind];
  const { listed, gone } = useListedChannel(channelId);
  useHonestAddress(gone ? null : listed);
  const room = useRoom(gone ? null : channelId);
  // Heard live from the workspace: members of a suspended organization may not join rooms (the
  // shell's banner says so). Re-activated, a room refused meanwhile is read again.
  const suspended = current?.status === "suspended";
  const wasSuspended = useRef(suspended);
  useEffect(() => {
    if (wasSuspended.current && !suspended && room.failure) room.retry();
    wasSuspended.current = suspended;
  }, [suspended, room.failure, room.retry]);

  if (!currentId) return <NoOrganization area={area} />;

  const { view, failure } = room;
  const notFound = !channelId || gone || room.status === 404 || room.status === 400;
  // Refused for the organization's suspension: said by the banner, nothing to retry until it ends.
  const suspendedRoom = suspended && room.status === 403;
  const name = listed?.name ?? channelName;

  return (
    <article className={parts.page}>
      <ChannelHeader
        type={kind}
        name={
          <>
            {name}
            {view && !notFound && <StatusBadge status={view.session.status} />}
            {view && !notFound && (
              <span className={styles.headerCount} title={text.participantsTitle}>
                <UsersIcon size={14} /> {text.participants(view.session.participant_count)}
              </span>
            )}
          </>
        }
        description={listed?.description || view?.session.description || ""}
      />
      {notFound ? (
        <EmptyState
          icon={kind === "airing" ? <MicIcon size={36} /> : <VideoIcon size={36} />}
          title={text.roomNotFound}
          action={
            <Link to={`/${area}`} className="btn btn-primary">
              {text.backToDashboard}
            </Link>
          }
        >
          {text.roomNotFoundBody}
        </EmptyState>
      ) : failure ? (
        // A suspended organization's room: the shell's banner says why (once), this says what follows,
        // with nothing to retry; the page was empty under its header.
        <EmptyState
          title={room.status === 403 ? text.unavailable : messages.connectionError}
          action={
            suspendedRoom ? undefined : (
              <button type="button" className="btn btn-primary" onClick={room.retry}>
                {text.retry}
              </button>
            )
          }
        >
          {suspendedRoom ? text.suspendedBody : failure.message}
        </EmptyState>
      ) : !view ? (
        <PageLoading>{text.loading}</PageLoading>
      ) : (
        <Room
          key={view.session.id}
          kind={kind}
          view={view}
          channel={listed ?? { id: view.session.channel_id, name, type: kind }}
          onSession={room.setSession}
          onParticipant={room.setParticipant}
          onReopen={room.reopen}
          newerSession={room.newerSession !== null}
          suspended={suspended}
        />
      )}
    </article>
  );
}
