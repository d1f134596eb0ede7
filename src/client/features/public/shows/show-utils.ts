import type { Show } from "@shared/schemas/entities";
import { todayIso } from "@shared/format";

/** Supporting acts arrive as a comma string; the public side also accepts a list. */
export function supportingActs(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : String(value ?? "").split(",");
  return list.map((a) => String(a).trim()).filter(Boolean);
}

/** Shows dated today or later, soonest first. */
export function upcomingShows(shows: Show[], today = todayIso()): Show[] {
  return shows.filter((s) => typeof s.date === "string" && s.date.slice(0, 10) >= today).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export function dateParts(iso: string) {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return { month: MONTHS[m - 1] ?? "", day: String(d ?? ""), weekday: DAYS[new Date(y, m - 1, d).getDay()] ?? "", year: y };
}
