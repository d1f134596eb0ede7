import { useEffect, useRef } from "react";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { mediaUrl } from "@client/lib/media-url";
import { SKIP_SECONDS, type PlayerState } from "./player-state";

/** Lock-screen metadata and media keys (play, pause, seek, previous/next track). */
export function useMediaSession(state: PlayerState) {
  const latest = useRef(state);
  latest.current = state;
  const { track, playing, currentTime, duration } = state;
  const session = typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;

  useEffect(() => {
    if (!session || !track || typeof MediaMetadata === "undefined") return;
    const art = mediaUrl(track.coverArtUrl) || DEFAULT_COVER_ART;
    session.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      album: "Featured track",
      artwork: [{ src: new URL(art, location.origin).href, sizes: "500x500" }],
    });
  }, [session, track]);

  useEffect(() => {
    if (!session) return;
    const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        /* the browser does not support this action */
      }
    };
    set("play", () => latest.current.play());
    set("pause", () => latest.current.pause());
    set("seekbackward", (d) => latest.current.skip(-(d.seekOffset ?? SKIP_SECONDS)));
    set("seekforward", (d) => latest.current.skip(d.seekOffset ?? SKIP_SECONDS));
    set("seekto", (d) => d.seekTime != null && latest.current.seek(d.seekTime));
    set("previoustrack", () => latest.current.select(Math.max(0, latest.current.index - 1)));
    set("nexttrack", () => latest.current.select(Math.min(latest.current.tracks.length - 1, latest.current.index + 1)));
    return () => {
      for (const a of ["play", "pause", "seekbackward", "seekforward", "seekto", "previoustrack", "nexttrack"] as const) set(a, null);
    };
  }, [session]);

  useEffect(() => {
    if (!session) return;
    session.playbackState = playing ? "playing" : "paused";
  }, [session, playing]);

  useEffect(() => {
    if (!session?.setPositionState || !duration) return;
    try {
      session.setPositionState({ duration, position: Math.min(currentTime, duration), playbackRate: 1 });
    } catch {
      /* position briefly outside the duration while metadata loads */
    }
  }, [session, currentTime, duration]);
}
