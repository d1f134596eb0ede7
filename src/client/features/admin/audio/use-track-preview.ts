import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { mediaUrl } from "@client/lib/media-url";

/**
 * List playback (spec section 4): one track at a time. Playing another stops the first,
 * pressing the playing one stops it, and the end of a track resets the state.
 */
export function useTrackPreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.onended = null;
      audio.src = "";
    }
    audioRef.current = null;
    setPlayingId(null);
  }, []);

  const toggle = useCallback(
    (track: { id: number; audioUrl: string; title: string }) => {
      const wasPlaying = playingId === track.id;
      stop();
      if (wasPlaying) return;
      const audio = new Audio(mediaUrl(track.audioUrl));
      audioRef.current = audio;
      audio.onended = () => {
        if (audioRef.current === audio) stop();
      };
      setPlayingId(track.id);
      audio.play().catch((err: unknown) => {
        // a newer press replaced this audio: nothing to report
        if (audioRef.current !== audio) return;
        stop();
        if ((err as { name?: string })?.name !== "AbortError") toast.error("Error", { description: `Could not play "${track.title}"` });
      });
    },
    [playingId, stop],
  );

  // leaving the page stops the sound
  useEffect(() => stop, [stop]);

  return { playingId, toggle };
}
