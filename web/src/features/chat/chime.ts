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
