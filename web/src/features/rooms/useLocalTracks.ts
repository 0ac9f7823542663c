import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type MyStateInput,
  type RoomParticipant,
  roomsEndpoints,
  SENDING_ROLES,
} from "../../../../contract/rooms";
import { call } from "../../api/client";
import { messageOf } from "../../ui/messageOf";
import { text } from "./text";

interface Options {
  sessionId: string;
  /** The viewer as the server has them (null until seated). */
  me: RoomParticipant | null;
  live: boolean;
  /** Live streams carry video. */
  video: boolean;
  /** The server's answer to a change of the viewer's own state. */
  onMine(participant: RoomParticipant): void;
}

function stopTrack(track: MediaStreamTrack | null) {
  track?.stop();
}

/**
 * The viewer's microphone, camera and screen, following their stored state: the server's
 * record says what is sent (a host lowering a speaker mutes them there, and here); each button
 * stores the change first. A refused device leaves the user muted (or camera off) with a message,
 * still hearing and seeing the others.
 */
export function useLocalTracks({ sessionId, me, live, video, onMine }: Options) {
  const [mic, setMic] = useState<MediaStreamTrack | null>(null);
  const [camera, setCamera] = useState<MediaStreamTrack | null>(null);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const acquiring = useRef({ mic: false, camera: false });
  const tracks = useRef({ mic, camera, screen });
  tracks.current = { mic, camera, screen };

  const sends = !!me && SENDING_ROLES.has(me.role);
  const wantMic = live && sends && !!me && !me.is_muted;
  const wantCamera = live && video && sends && !!me && me.is_video_on;
  const wantScreen = live && video && sends && !!me && me.is_screen_sharing;

  /** Stores a change of the viewer's state; false (with the reason shown) when refused. */
  const store = useCallback(
    async (input: MyStateInput): Promise<boolean> => {
      try {
        onMine(await call(roomsEndpoints.setMine, { params: { id: sessionId }, body: input }));
        return true;
      } catch (failure) {
        setNotice(messageOf(failure));
        return false;
      }
    },
    [sessionId, onMine],
  );

  // The stored state asks for a device this browser has not opened yet (e.g. the host joined unmuted).
  useEffect(() => {
    if (!wantMic || mic || acquiring.current.mic) return;
    acquiring.current.mic = true;
    navigator.mediaDevices
      .getUserMedia({ audio: true })
      .then((stream) => setMic(stream.getAudioTracks()[0] ?? null))
      .catch(() => {
        setNotice(text.micRefused);
        void store({ is_muted: true });
      })
      .finally(() => {
        acquiring.current.mic = false;
      });
  }, [wantMic, mic, store]);

  useEffect(() => {
    if (!wantCamera || camera || acquiring.current.camera) return;
    acquiring.current.camera = true;
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } } })
      .then((stream) => setCamera(stream.getVideoTracks()[0] ?? null))
      .catch(() => {
        setNotice(text.cameraRefused);
        void store({ is_video_on: false });
      })
      .finally(() => {
        acquiring.current.camera = false;
      });
  }, [wantCamera, camera, store]);

  // A device the stored state stops wanting is closed (the camera light goes off; a lowered
  // speaker's microphone too). Only the change counts: a device opened by a click comes just
  // before the state that wants it is stored.
  useReleaseWhenUnwanted(sends, setMic);
  useReleaseWhenUnwanted(wantCamera, setCamera);
  useReleaseWhenUnwanted(wantScreen, setScreen);

  // Everything stops when the screen closes.
  useEffect(
    () => () => {
      const { mic: m, camera: c, screen: s } = tracks.current;
      for (const track of [m, c, s]) stopTrack(track);
    },
    [],
  );

  const outgoing = useMemo(() => {
    if (!sends) return null;
    const list: MediaStreamTrack[] = [];
    if (wantMic && mic) list.push(mic);
    const picture = (wantScreen && screen) || (wantCamera && camera) || null;
    if (picture) list.push(picture);
    return new MediaStream(list);
  }, [sends, wantMic, mic, wantScreen, screen, wantCamera, camera]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const toggleMute = () =>
    run(async () => {
      if (!me) return;
      if (!me.is_muted) return store({ is_muted: true });
      if (!mic) {
        try {
          const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
          setMic(stream.getAudioTracks()[0] ?? null);
        } catch {
          setNotice(text.micRefused);
          return;
        }
      }
      setNotice(null);
      await store({ is_muted: false });
    });

  const toggleVideo = () =>
    run(async () => {
      if (!me) return;
      if (me.is_video_on) return store({ is_video_on: false });
      let opened: MediaStreamTrack | null = null;
      if (!camera) {
        try {
          const stream = await navigator.mediaDevices.getUserMedia({ video: true });
          opened = stream.getVideoTracks()[0] ?? null;
          setCamera(opened);
        } catch {
          setNotice(text.cameraRefused);
          return;
        }
      }
      setNotice(null);
      if (!(await store({ is_video_on: true })) && opened) {
        stopTrack(opened);
        setCamera(null);
      }
    });

  const toggleScreen = () =>
    run(async () => {
      if (!me) return;
      if (me.is_screen_sharing) return store({ is_screen_sharing: false });
      let track: MediaStreamTrack | null = null;
      try {
        const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        track = stream.getVideoTracks()[0] ?? null;
      } catch (failure) {
        // Closing the browser's picker is not an error worth a message.
        if ((failure as DOMException).name !== "NotAllowedError") setNotice(text.screenRefused);
        return;
      }
      if (!track) return;
      // The browser's own "Stop sharing" ends the track: back to the camera, and stored.
      track.addEventListener("ended", () => {
        setScreen((current) => (current === track ? null : current));
        void store({ is_screen_sharing: false });
      });
      setScreen(track);
      setNotice(null);
      if (!(await store({ is_screen_sharing: true }))) {
        stopTrack(track);
        setScreen(null);
      }
    });

  return {
    outgoing,
    /** The viewer's own picture, for their tile. */
    preview: outgoing && outgoing.getVideoTracks().length > 0 ? outgoing : null,
    notice,
    dismissNotice: () => setNotice(null),
    busy,
    toggleMute,
    toggleVideo,
    toggleScreen,
    raiseHand: (raised: boolean) => run(() => store({ hand_raised: raised })),
  };
}

/** Stops and forgets a track when `wanted` turns false. */
function useReleaseWhenUnwanted(
  wanted: boolean,
  setTrack: (update: (track: MediaStreamTrack | null) => MediaStreamTrack | null) => void,
) {
  const was = useRef(wanted);
  useEffect(() => {
    if (was.current && !wanted) {
      setTrack((track) => {
        stopTrack(track);
        return null;
      });
    }
    was.current = wanted;
  }, [wanted, setTrack]);
}
