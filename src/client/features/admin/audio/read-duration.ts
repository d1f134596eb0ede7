import { formatDuration } from "@shared/format";

/**
 * The length of a chosen audio file in seconds, read by the browser itself: an Audio element
 * loads only the metadata of a local object URL. null when the browser cannot tell
 * (unknown codec, or a stream without a length) so the admin types it instead.
 */
export function readAudioDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    audio.preload = "metadata";
    const done = (value: number | null) => {
      clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}

export function durationHint(seconds: number): string {
  const base = "Filled in when you choose an audio file; you can also type it.";
  return Number.isFinite(seconds) && seconds > 0 ? `${base} Shown as ${formatDuration(seconds)}.` : base;
}
