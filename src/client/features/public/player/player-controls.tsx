import { Volume2, VolumeX } from "lucide-react";
import { useRef } from "react";
import { formatDuration } from "@shared/format";
import { cn } from "@client/lib/cn";
import { usePlayer } from "./player-context";
import { DEFAULT_VOLUME } from "./player-state";

/** Arrow keys on the seek slider move this far (the native 0.1 s step would take ten presses per second). */
export const SEEK_KEY_SECONDS = 5;
const SEEK_KEYS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 2, PageDown: -2 };

/** Seek slider with elapsed and total time; arrows move 5 s, Page Up/Down 10 s, Home/End natively. */
export function SeekBar({ className, compact }: { className?: string; compact?: boolean }) {
  const p = usePlayer();
  const max = Math.max(p.duration, 0.1);
  return (
    <div className={cn("flex items-center gap-3 text-xs tabular-nums text-dust", className)}>
      <span data-player-time="current" className="w-10">{formatDuration(p.currentTime)}</span>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatDuration(p.currentTime)} of ${formatDuration(p.duration)}`}
        min={0}
        max={max}
        step={0.1}
        value={Math.min(p.currentTime, max)}
        onChange={(e) => p.seek(Number(e.currentTarget.value))}
        onKeyDown={(e) => {
          const dir = SEEK_KEYS[e.key];
          if (!dir) return;
          e.preventDefault();
          p.skip(dir * SEEK_KEY_SECONDS);
        }}
        className={cn("range-blood h-1.5 flex-1 cursor-pointer", compact && "h-1")}
      />
      <span data-player-time="duration" className="w-10 text-right">{formatDuration(p.duration)}</span>
    </div>
  );
}

export function VolumeControl({ className }: { className?: string }) {
  const p = usePlayer();
  const before = useRef(DEFAULT_VOLUME);
  const muted = p.volume === 0;
  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      <button
        type="button"
        aria-label={muted ? "Unmute" : "Mute"}
        onClick={() => {
          if (muted) p.setVolume(before.current || DEFAULT_VOLUME);
          else {
            before.current = p.volume;
            p.setVolume(0);
          }
        }}
        className="grid h-9 w-9 shrink-0 place-items-center text-dust transition hover:text-bone"
      >
        {muted ? <VolumeX aria-hidden="true" className="h-5 w-5" /> : <Volume2 aria-hidden="true" className="h-5 w-5" />}
      </button>
      <input type="range" aria-label="Volume" aria-valuetext={`${p.volume}%`} min={0} max={100} step={1} value={p.volume} onChange={(e) => p.setVolume(Number(e.currentTarget.value))}
        className="range-blood h-1.5 w-20 min-w-10 shrink cursor-pointer sm:w-24" />
    </div>
  );
}
