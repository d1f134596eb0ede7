import type { AudioTrack } from "@shared/schemas/audio-tracks";

export const DEFAULT_VOLUME = 75;
export const SKIP_SECONDS = 10;

/** What the provider shares with its views and the media-session hook (its own file, so neither imports the other). */
export interface PlayerState {
  tracks: AudioTrack[];
  track: AudioTrack | null;
  index: number;
  playing: boolean;
  /** true once the visitor pressed play (the mini player appears on other pages then) */
  started: boolean;
  /** the track's file could not be loaded (missing or unsupported) */
  failed: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  isLoading: boolean;
  toggle(): void;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  skip(delta: number): void;
  setVolume(volume: number): void;
  select(index: number): void;
}
