/**
 * The shop a merch link goes to, named for the buy button (issue 21): 'Buy on Bandcamp' says
 * where the fan is sent. A shop the list does not know is named by its site ('tarriverstatic.com').
 */
const KNOWN: [host: string, name: string][] = [
  ["amazon.", "Amazon"],
  ["bandcamp.com", "Bandcamp"],
  ["bigcartel.com", "Big Cartel"],
  ["etsy.com", "Etsy"],
  ["redbubble.com", "Redbubble"],
  ["teepublic.com", "TeePublic"],
  ["merchbar.com", "Merchbar"],
];

export function storeName(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
  const known = KNOWN.find(([h]) => (h.endsWith(".") ? host.startsWith(h) || host.includes(`.${h}`) : host === h || host.endsWith(`.${h}`)));
  return known ? known[1] : host;
}
