import { useCallback, useEffect, useRef, useState } from "react";
import { endpointUrl } from "../../../../contract/endpoint";
import { type Recording, type RoomSession, roomsEndpoints } from "../../../../contract/rooms";
import { call } from "../../api/client";
import { upload } from "../../api/http";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { type RecordingSources, SessionRecorder } from "./recorder";
import { text } from "./text";

interface Options {
  session: RoomSession;
  canHost: boolean;
  /** This window has its seat in the room: a host who left records nothing, so may not record. */
  seated: boolean;
  sources: RecordingSources;
  onSession(session: RoomSession): void;
}

/**
 * The host's recording: the stored `is_recording` (everyone sees it) and this browser's
 * MediaRecorder. Stopping, from here, from another host's window or by the session ending,
 * uploads what was recorded to the channel.
 */
export function useRecorder({ session, canHost, seated, sources, onSession }: Options) {
  const toast = useToast();
  const recorder = useRef<SessionRecorder | null>(null);
  const [recordingHere, setRecordingHere] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  const finish = useCallback(async () => {
    const current = recorder.current;
    if (!current) return;
    recorder.current = null;
    setRecordingHere(false);
    setUploading(true);
    try {
      const { blob, filename } = await current.stop();
      const form = new FormData();
      form.append("file", blob, filename);
      await upload<Recording>(
        endpointUrl(roomsEndpoints.uploadRecording, { params: { id: session.id } }),
        form,
      );
      toast(text.recordingSaved);
    } catch (failure) {
      toast(`${text.recordingUploadFailed}${messageOf(failure)}`, "error");
    } finally {
      setUploading(false);
    }
  }, [session.id, toast]);

  const stop = useCallback(async () => {
    setBusy(true);
    try {
      if (session.is_recording)
        onSession(
          await call(roomsEndpoints.setRecording, {
            params: { id: session.id },
            body: { is_recording: false },
          }),
        );
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setBusy(false);
    }
    await finish();
  }, [session.id, session.is_recording, onSession, finish, toast]);

  const start = async () => {
    setBusy(true);
    try {
      // Made in the click, so the audio context may start.
      recorder.current = new SessionRecorder(
        session.kind === "live",
        session.title,
        sources,
        () => void stop(),
      );
      setRecordingHere(true);
      onSession(
        await call(roomsEndpoints.setRecording, { params: { id: session.id }, body: { is_recording: true } }),
      );
    } catch (failure) {
      toast(messageOf(failure), "error");
      recorder.current?.stop().catch(() => undefined);
      recorder.current = null;
      setRecordingHere(false);
    } finally {
      setBusy(false);
    }
  };

  // Participants come and go while recording.
  useEffect(() => {
    recorder.current?.update(sources);
  }, [sources]);

  // Stopped elsewhere (another host, the session ended): save what this browser recorded.
  const wasRecording = useRef(session.is_recording);
  useEffect(() => {
    if (wasRecording.current && !session.is_recording && recorder.current) void finish();
    wasRecording.current = session.is_recording;
  }, [session.is_recording, finish]);

  // Leaving the room (or another window taking the seat) while recording stops and saves it.
  useEffect(() => {
    if (!seated && recorder.current) void stop();
  }, [seated, stop]);

  // Leaving the screen while recording still saves the recording.
  const finishLater = useRef(finish);
  finishLater.current = finish;
  useEffect(
    () => () => {
      if (recorder.current) void finishLater.current();
    },
    [],
  );

  return {
    canRecord: canHost && seated && session.status === "live",
    recording: session.is_recording,
    recordingHere,
    busy: busy || uploading,
    uploading,
    toggle: () => (session.is_recording ? stop() : start()),
  };
}
