/**
 * The unread chime, made with the Web Audio API (no sound file to ship): two short sine
 * notes. Browsers keep audio suspended until the page has been interacted with; until then
 * the chime is silently skipped.
 */
let context: AudioContext | null = null;

const NOTES = [
  { frequency: 880, start: 0, length: 0.12 },
  { frequency: 1320, start: 0.13, length: 0.18 },
] as const;

export const playUnreadChime = (): void => {
  if (typeof window.AudioContext !== 'function') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const now = context.currentTime;
    for (const note of NOTES) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      // A quick fade in and out, so the notes do not click.
      gain.gain.setValueAtTime(0, now + note.start);
      gain.gain.linearRampToValueAtTime(0.18, now + note.start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, now + note.start + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.start);
      oscillator.stop(now + note.start + note.length + 0.02);
    }
  } catch {
    // No audio device or a refused context: the title still flashes.
  }
};
