import type { ShowStatus } from "@shared/show-status";
import { showStart } from "../show-start";
import type { SiteInfo } from "./site-info";

type ShowRow = { id: number; venue: string; location: string; date: string; time: string; price: string; eventUrl: string | null; status: ShowStatus; onSaleAt?: string | null };
type MemberRow = { name: string; role: string };

const EVENT_STATUS: Record<ShowStatus, string> = {
  scheduled: "https://schema.org/EventScheduled",
  "sold-out": "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
};

export function musicGroup(site: SiteInfo, members: MemberRow[] = []) {
  return {
    "@type": "MusicGroup",
    "@id": `${site.baseUrl}/#band`,
    name: site.bandName,
    url: `${site.baseUrl}/`,
    genre: ["Emo", "Hardcore"],
    ...(site.origin ? { foundingLocation: { "@type": "Place", name: site.origin } } : {}),
    image: site.shareImage.url,
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
    ...(members.length
      ? { member: members.map((m) => ({ "@type": "OrganizationRole", roleName: m.role, member: { "@type": "Person", name: m.name } })) }
      : {}),
  };
}

export function musicEvent(site: SiteInfo, show: ShowRow) {
  const start = showStart(show, site.timeZone);
  const price = Number.parseFloat(show.price);
  const band = { "@type": "MusicGroup", "@id": `${site.baseUrl}/#band`, name: site.bandName, url: `${site.baseUrl}/` };
  const url = show.eventUrl || `${site.baseUrl}/#shows`;
  return {
    "@type": "MusicEvent",
    name: `${site.bandName} at ${show.venue}`,
    // with the zone's offset, so '8:00 PM' means 8 PM where the band plays
    startDate: start.allDay ? show.date : start.local,
    eventStatus: EVENT_STATUS[show.status] ?? EVENT_STATUS.scheduled,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: show.venue, address: show.location },
    // named inline as well as by @id: not every consumer follows references inside the graph
    performer: band,
    organizer: band,
    image: site.shareImage.url,
    description: `${site.bandName} live at ${show.venue}, ${show.location}.`,
    url,
    // a cancelled show sells nothing, so it offers nothing
    ...(Number.isFinite(price) && show.status !== "cancelled"
      ? {
          offers: {
            "@type": "Offer",
            price: price.toFixed(2),
            priceCurrency: "USD",
            url,
            availability: show.status === "sold-out" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            // issue 24: when tickets go on sale (the presale and its code are the mailing list's, never here)
            ...(show.onSaleAt ? { validFrom: new Date(show.onSaleAt).toISOString() } : {}),
          },
        }
      : {}),
  };
}

/** A song's words (a lyric's page). */
export function musicComposition(site: SiteInfo, row: { id: number; songName: string; releaseYear: string | null; lyricsText: string }) {
  return {
    "@type": "MusicComposition",
    name: row.songName,
    composer: { "@id": `${site.baseUrl}/#band` },
    ...(row.releaseYear ? { datePublished: row.releaseYear } : {}),
    lyrics: { "@type": "CreativeWork", text: row.lyricsText },
    url: `${site.baseUrl}/lyrics/${row.id}`,
  };
}

type ReleaseRow = {
  slug: string;
  title: string;
  type: "single" | "ep" | "album";
  releaseAt: string | Date;
  description: string;
  coverImage: string;
  tracks: { title: string; duration: string; lyricsId: number | null }[];
};

/** 'PT3M25S' from seconds (a decimal string). */
const isoDuration = (seconds: string) => {
  const s = Math.round(Number(seconds));
  return Number.isFinite(s) && s > 0 ? `PT${Math.floor(s / 60)}M${s % 60}S` : undefined;
};

/**
 * A release (issue 25): a single is a MusicRecording, an EP or album a MusicAlbum with its
 * tracks; `datePublished` is its release time (in the future while the page counts down).
 */
export function musicRelease(site: SiteInfo, r: ReleaseRow) {
  const url = `${site.baseUrl}/releases/${r.slug}`;
  const image = r.coverImage ? (r.coverImage.startsWith("/") ? `${site.baseUrl}${r.coverImage}` : r.coverImage) : undefined;
  const band = { "@type": "MusicGroup", "@id": `${site.baseUrl}/#band`, name: site.bandName };
  const recording = (t: ReleaseRow["tracks"][number]) => ({
    "@type": "MusicRecording",
    name: t.title,
    byArtist: band,
    ...(isoDuration(t.duration) ? { duration: isoDuration(t.duration) } : {}),
    ...(t.lyricsId !== null ? { recordingOf: { "@type": "MusicComposition", name: t.title, url: `${site.baseUrl}/lyrics/${t.lyricsId}` } } : {}),
  });
  const common = {
    name: r.title,
    url,
    byArtist: band,
    datePublished: new Date(r.releaseAt).toISOString(),
    ...(image ? { image } : {}),
    ...(r.description ? { description: r.description.slice(0, 500) } : {}),
  };
  if (r.type === "single") return { "@type": "MusicRecording", ...common, ...(r.tracks[0] && isoDuration(r.tracks[0].duration) ? { duration: isoDuration(r.tracks[0].duration) } : {}) };
  return {
    "@type": "MusicAlbum",
    ...common,
    albumReleaseType: r.type === "ep" ? "https://schema.org/EPRelease" : "https://schema.org/AlbumRelease",
    albumProductionType: "https://schema.org/StudioAlbum",
    numTracks: r.tracks.length,
    ...(r.tracks.length ? { track: { "@type": "ItemList", numberOfItems: r.tracks.length, itemListElement: r.tracks.map((t, i) => ({ "@type": "ListItem", position: i + 1, item: recording(t) })) } } : {}),
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
