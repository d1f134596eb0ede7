/** Display formats the spec fixes. All pure, shared by public pages and admin. */
const DATE_PARTS = { month: "short", day: "numeric", year: "numeric" } as const;
// 'Jan 5, 2025'. A plain date is formatted as that day in UTC, so no time zone can move it.
const PLAIN_DATE = new Intl.DateTimeFormat("en-US", { ...DATE_PARTS, timeZone: "UTC" });
const LOCAL_DATE = new Intl.DateTimeFormat("en-US", DATE_PARTS);

/** A YYYY-MM-DD calendar day as midnight UTC (null when it is not a date), for UTC formatters. */
export function calendarDay(iso: string): Date | null {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(2000, m - 1, d));
  day.setUTCFullYear(y); // Date.UTC would read years 0-99 as 1900-1999
  return Number.isNaN(day.getTime()) ? null : day;
}

/** 'Jan 5, 2025' from a YYYY-MM-DD string or a timestamp. A plain date is never shifted by time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = calendarDay(value);
    return day ? PLAIN_DATE.format(day) : "";
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return LOCAL_DATE.format(date);
}

/** 'Jan 5, 2024 3:04 PM' in local time, or in `timeZone` (IANA, e.g. the band's) when given. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  if (timeZone) return zonedDateTime(date, timeZone);
  const h = date.getHours();
  const m = String(date.getMinutes()).padStart(2, "0");
  return `${formatDate(date)} ${h % 12 || 12}:${m} ${h < 12 ? "AM" : "PM"}`;
}

/** The same shape read in `timeZone` (an unknown zone falls back to local time). */
function zonedDateTime(date: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", { ...DATE_PARTS, hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone }).formatToParts(date);
  } catch {
    return formatDateTime(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")} ${part("day")}, ${part("year")} ${part("hour")}:${part("minute")} ${part("dayPeriod").toUpperCase()}`;
}

/** '$12.00' */
export function formatPrice(value: string | number | null | undefined): string {
  const n = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return `$${(Number.isFinite(n) ? n : 0).toFixed(2)}`;
}

/** A show's price: 'Free' for 0 (issue 13), else '$12.00' as the spec shows prices. */
export function formatShowPrice(value: string | number | null | undefined): string {
  const n = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(n) && n === 0 ? "Free" : formatPrice(value);
}

/** 'm:ss' from seconds. */
export function formatDuration(seconds: string | number | null | undefined): string {
  const total = Math.max(0, Math.floor(typeof seconds === "number" ? seconds : Number.parseFloat(seconds ?? "") || 0));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** Today's date as YYYY-MM-DD in local time. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** '1.4 MB' (powers of 1024, one decimal from KB up). */
export function formatBytes(bytes: number | null | undefined): string {
  const n = typeof bytes === "number" && Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} ${v === 1 ? "byte" : "bytes"}` : `${v.toFixed(1)} ${units[i]}`;
}
