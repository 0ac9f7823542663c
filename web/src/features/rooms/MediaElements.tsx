import { useEffect, useRef } from "react";
import { cx } from "../../ui/cx";
import styles from "./MediaElements.module.css";

/** A stream's picture (muted: sound plays through RemoteAudio, once per participant). */
export function StreamVideo({
  stream,
  mirrored,
  label,
}: {
  stream: MediaStream;
  mirrored?: boolean;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    void element.play().catch(() => undefined);
  });
  return (
    <video
      ref={ref}
      className={cx(styles.video, mirrored && styles.mirrored)}
      autoPlay
      playsInline
      muted
      aria-label={label}
    />
  );
}

/**
 * Plays every remote participant's sound. Browsers may refuse to start sound before the user
 * touched the page: `onBlocked` says so, and the screen offers a button that calls `resume`.
 */
export function RemoteAudio({
  streams,
  onBlocked,
  resumeSignal,
}: {
  streams: ReadonlyMap<string, MediaStream>;
  onBlocked(blocked: boolean): void;
  /** Changes when the user asked to turn the sound on. */
  resumeSignal: number;
}) {
  return (
    <div hidden>
      {[...streams].map(([userId, stream]) => (
        <StreamAudio key={userId} stream={stream} onBlocked={onBlocked} resumeSignal={resumeSignal} />
      ))}
    </div>
  );
}

function StreamAudio({
  stream,
  onBlocked,
  resumeSignal,
}: {
  stream: MediaStream;
  onBlocked(blocked: boolean): void;
  resumeSignal: number;
}) {
  const ref = useRef<HTMLAudioElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `resumeSignal` is the user's click to try again
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    element
      .play()
      .then(() => onBlocked(false))
      .catch((error: DOMException) => {
        if (error.name === "NotAllowedError") onBlocked(true);
      });
  }, [stream, resumeSignal, onBlocked]);
  // biome-ignore lint/a11y/useMediaCaption: live speech from the participants; there is no caption track to give
  return <audio ref={ref} autoPlay />;
}
