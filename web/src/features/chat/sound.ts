import { useCallback, useRef } from "react";
import type { UserSettings } from "../../../../contract/settings";
import { settingsEndpoints } from "../../../../contract/settings-endpoints";
import { useEndpointQuery } from "../../api/query";

let audio: AudioContext | null = null;

/**
 * A short two-note chime drawn with WebAudio (no sound file). Browsers allow sound only after the
 * user has interacted with the page; before that, or without WebAudio, it stays silent.
 */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + 0.09);
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.12, start + 0.015);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.24);
  } catch {
    // No audio on this device: the badge still says it.
  }
}

type NotificationChoices = UserSettings["notifications"];

/**
 * The user's notification choices (settings › Notifications), read through the query cache: every
 * part of the screen that asks shares one read, and the settings page's save writes the cache, so
 * a change applies at once. Null until known (silent at first, and if it cannot be read). A part
 * that mounts once the workspace has loaded takes the read another made (it was read again on
 * every such mount); the settings page reads afresh when opened.
 */
export function useNotificationChoices(): () => NotificationChoices | null {
  const { data } = useEndpointQuery(settingsEndpoints.read, undefined, {
    staleTime: Number.POSITIVE_INFINITY,
  });
  const choices = useRef<NotificationChoices | null>(null);
  choices.current = data?.notifications ?? null;
  return useCallback(() => choices.current, []);
}
