import type { SiteInfo } from "./site-info";

type ShowRow = { id: number; venue: string; location: string; date: string; time: string; price: string; eventUrl: string | null };
type MemberRow = { name: string; role: string };

/** '8:00 PM' -> '20:00'; anything unparseable gives null (the event then carries only its date). */
export function parseShowTime(time: string): string | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*$/i.exec(time) ?? /^\s*(\d{1,2}):(\d{2})\s*$/.exec(time);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (m[3]) h = (h % 12) + (m[3].toLowerCase() === "p" ? 12 : 0);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

export function musicGroup(site: SiteInfo, members: MemberRow[] = []) {
  return {
    "@type": "MusicGroup",
    "@id": `${site.baseUrl}/#band`,
    name: site.bandName,
    url: `${site.baseUrl}/`,
    genre: ["Emo", "Hardcore"],
    foundingLocation: { "@type": "Place", name: "Eastern North Carolina" },
    image: `${site.baseUrl}/images/og-image.jpg`,
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
    ...(members.length
      ? { member: members.map((m) => ({ "@type": "OrganizationRole", roleName: m.role, member: { "@type": "Person", name: m.name } })) }
      : {}),
  };
}

export function musicEvent(site: SiteInfo, show: ShowRow) {
  const time = parseShowTime(show.time);
  const price = Number.parseFloat(show.price);
  const band = { "@type": "MusicGroup", "@id": `${site.baseUrl}/#band`, name: site.bandName, url: `${site.baseUrl}/` };
  return {
    "@type": "MusicEvent",
    name: `${site.bandName} at ${show.venue}`,
    startDate: time ? `${show.date}T${time}` : show.date,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: show.venue, address: show.location },
    // named inline as well as by @id: not every consumer follows references inside the graph
    performer: band,
    organizer: band,
    image: `${site.baseUrl}/images/og-image.jpg`,
    description: `${site.bandName} live at ${show.venue}, ${show.location}.`,
    url: show.eventUrl || `${site.baseUrl}/#shows`,
    ...(Number.isFinite(price)
      ? { offers: { "@type": "Offer", price: price.toFixed(2), priceCurrency: "USD", url: show.eventUrl || `${site.baseUrl}/#shows`, availability: "https://schema.org/InStock" } }
      : {}),
  };
}

/** A JSON-LD block; '<' is escaped so no value can close the script element. */
export function jsonLdScript(graph: object[]): string {
  const json = JSON.stringify({ "@context": "https://schema.org", "@graph": graph });
  return `<script type="application/ld+json">${escapeJsonForHtml(json)}</script>`;
}

export function escapeJsonForHtml(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
