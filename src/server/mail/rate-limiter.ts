/**
 * Spaces sends at least 1/perSecond apart, across all sending slots. Waits under a
 * millisecond are skipped (timers cannot do them), so a high rate is not capped by timer
 * resolution; the schedule still holds on average.
 */
export class RateLimiter {
  private next = 0;
  private readonly interval: number;

  constructor(perSecond: number) {
    this.interval = 1000 / perSecond;
  }

  async take(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(this.next, now);
    this.next = slot + this.interval;
    const wait = slot - now;
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
