import { useEffect, useState } from "react";
import { releaseMoment } from "@shared/release-services";
import { useHydrated } from "@client/lib/use-hydrated";
import { timeLeft } from "./release-clock";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Min"],
  ["seconds", "Sec"],
] as const;

/**
 * Before releaseAt (issue 25): when it comes out, in the band's time zone, drawn on the server
 * (the page is whole without JavaScript); once the app runs, the time left ticks beside it. The
 * ticking numbers are for the eye only: a screen reader reads the date (a live region counting
 * every second would never stop talking).
 */
export function Countdown({ releaseAt, timeZone }: { releaseAt: string; timeZone: string }) {
  const hydrated = useHydrated();
  const at = new Date(releaseAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!hydrated) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [hydrated]);
  // the server and the hydrating render draw the same (hidden) cells; the numbers come with the app
  const left = hydrated ? timeLeft(at, now) : { days: 0, hours: 0, minutes: 0, seconds: 0 };
  return (
    <div className="border-2 border-bone p-4 sm:p-6" data-testid="countdown">
      <p className="text-xs font-bold tracking-[0.2em] text-dust uppercase">Out</p>
      <p className="mt-1 font-display text-3xl leading-tight uppercase sm:text-4xl">
        <time dateTime={new Date(releaseAt).toISOString()}>{releaseMoment(releaseAt, timeZone)}</time>
      </p>
      {/* the space is kept before the app runs, so the numbers appear without moving the page */}
      <dl aria-hidden="true" className={`mt-4 grid grid-cols-4 gap-2 text-center ${hydrated ? "" : "invisible"}`}>
        {UNITS.map(([key, label]) => (
          <div key={key} className="bg-coal px-1 py-2">
            <dd className="font-display text-3xl tabular-nums sm:text-5xl">{String(left[key]).padStart(2, "0")}</dd>
            <dt className="text-[0.65rem] font-bold tracking-[0.2em] text-dust uppercase">{label}</dt>
          </div>
        ))}
      </dl>
    </div>
  );
}
