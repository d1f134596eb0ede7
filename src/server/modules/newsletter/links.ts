import { outboundLinks } from "@shared/api/stats";
import { escapeHtml, htmlToText } from "../../mail/html";

/**
 * A newsletter's links as fans follow them (issue 23, decision 034). Link n is the n-th `<a href>`
 * to an http(s) address in the newsletter's stored HTML (0-based; mailto: and relative links are
 * not numbered). The worker, composing a newsletter, points link n at
 * PUBLIC_URL + /go/newsletter/{newsletter}/{n}; that route finds where link n leads with the same
 * function, reading the stored HTML again, so the redirect never takes an address from the request.
 * The link is the same in every fan's mail: nothing in it says who clicked.
 *
 * The stored HTML is sanitize-html's (mail/html.ts): every attribute in double quotes, with
 * `&`, `<`, `>` and `"` written as entities, so an `<a ...>` tag ends at the first `>`.
 */
const ANCHOR_HREF = /(<a\b[^>]*?\shref=")([^"]*)(")/gi;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An attribute's text as the browser reads it (`&amp;` -> `&`, numeric references). */
function attributeText(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The address a link leads to, as a Location header can carry it, or null when it is not http(s). */
function webAddress(href: string): string | null {
  try {
    const url = new URL(attributeText(href).trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Goes through the numbered links of `html` in order; `visit` may answer a new address for link n
 * (written into the href), or nothing to leave it. Answers the HTML with those changes.
 */
function eachLink(html: string, visit: (url: string, n: number) => string | void): string {
  let n = 0;
  return html.replace(ANCHOR_HREF, (whole, open: string, href: string, close: string) => {
    const url = webAddress(href);
    if (url === null) return whole;
    const to = visit(url, n++);
    return to === undefined ? whole : `${open}${escapeHtml(to)}${close}`;
  });
}

/** Every numbered link of a newsletter's stored HTML, in order: link n is `[n]`. */
export function newsletterLinks(html: string): string[] {
  const links: string[] = [];
  eachLink(html, (url) => void links.push(url));
  return links;
}

/**
 * A newsletter's words with link n pointing at PUBLIC_URL/go/newsletter/{id}/{n}; the plain-text
 * part is made again from that HTML, as it was made from the stored one (routes.ts), so it
 * carries the same links.
 */
export function withCountedLinks<T extends { contentHtml: string; contentText: string }>(content: T, newsletterId: number, publicUrl: string): T {
  let counted = 0;
  const contentHtml = eachLink(content.contentHtml, (_url, n) => {
    counted++;
    return `${publicUrl}${outboundLinks.newsletter(newsletterId, n)}`;
  });
  if (counted === 0) return content;
  return { ...content, contentHtml, contentText: htmlToText(contentHtml) };
}
