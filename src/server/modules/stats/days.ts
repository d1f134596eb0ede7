/** The band's days as 'YYYY-MM-DD' strings: counting, every day of a range, its week. */

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const dayBefore = (day: string, days: number): string => shift(day, -days);

export const dayAfter = (day: string, days: number): string => shift(day, days);

/** Every day from..to (both included), oldest first; none when to is before from. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shift(day, 1)) days.push(day);
  return days;
}

/** The Monday that starts a day's week (weeks run Monday to Sunday, as PostgreSQL's date_trunc('week') has them). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return shift(day, -((weekday + 6) % 7));
}
