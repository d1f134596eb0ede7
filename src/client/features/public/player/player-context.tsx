import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { mediaUrl } from "@client/lib/media-url";
import { useFeaturedTracks } from "./api";
import { DEFAULT_VOLUME, type PlayerState } from "./player-state";
import { useMediaSession } from "./use-media-session";

const PlayerContext = createContext<PlayerState | null>(null);

export function usePlayer(): PlayerState {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error("usePlayer outside PlayerProvider");
  return ctx;
}

/**
 * Owns the one <audio> element of the public site, so playback survives navigation between
 * public pages. The header player and the mini player are only views of this state.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { data, isLoading } = useFeaturedTracks();
  const tracks = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [loadedDuration, setLoadedDuration] = useState(0);
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME);
  const track = tracks[index] ?? tracks[0] ?? null;
  // The stored duration shows before the file loads (preload="none" keeps the page light).
  const duration = loadedDuration || Number.parseFloat(track?.duration ?? "") || 0;

  // also when the <audio> first appears (tracks arrive after mount without inlined data)
  const hasTrack = !!track;
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume / 100;
  }, [volume, hasTrack]);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    setStarted(true);
    audio.play().catch(() => setPlaying(false));
  }, [track]);
  const pause = useCallback(() => audioRef.current?.pause(), []);
  const toggle = useCallback(() => (audioRef.current?.paused ? play() : pause()), [play, pause]);
  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const max = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : duration;
    const next = Math.min(Math.max(0, seconds), max || 0);
    audio.currentTime = next;
    setCurrentTime(next);
  }, [duration]);
  const skip = useCallback((delta: number) => seek((audioRef.current?.currentTime ?? 0) + delta), [seek]);
  const setVolume = useCallback((v: number) => setVolumeState(Math.min(100, Math.max(0, Math.round(v)))), []);
  const select = useCallback(
    (i: number) => {
      if (i === index || !tracks[i]) return;
      const wasPlaying = playing;
      setIndex(i);
      setFailed(false);
      setCurrentTime(0);
      setLoadedDuration(0);
      // the new src is set on the next render; resume there if we were playing
      if (wasPlaying) queueMicrotask(() => requestAnimationFrame(() => audioRef.current?.play().catch(() => setPlaying(false))));
    },
    [index, tracks, playing],
  );

  const state: PlayerState = { tracks, track, index, playing, started, failed, currentTime, duration, volume, isLoading, toggle, play, pause, seek, skip, setVolume, select };
  useMediaSession(state);

  return (
    <PlayerContext.Provider value={state}>
      {children}
      {track && (
        <audio
          ref={audioRef}
          src={mediaUrl(track.audioUrl)}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPlaying={() => setFailed(false)}
          onError={() => {
            setFailed(true);
            setPlaying(false);
          }}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(e) => setCurrentTime(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setLoadedDuration(e.currentTarget.duration)}
          onEnded={(e) => {
            // spec: when the track ends the position resets to the start
            e.currentTarget.currentTime = 0;
            setCurrentTime(0);
            setPlaying(false);
          }}
        />
      )}
    </PlayerContext.Provider>
  );
}
