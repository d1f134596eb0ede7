import sanitizeHtml from "sanitize-html";

/** The "basic HTML" a newsletter may carry (spec section 2): text formatting, links, lists, images. */
const NEWSLETTER_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "b", "strong", "i", "em", "u", "s", "a", "ul", "ol", "li", "h1", "h2", "h3", "h4", "blockquote", "hr", "img", "span", "div"],
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https", "http"] },
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const KNOWN_TAG = /<\/?(p|br|b|strong|i|em|u|s|a|ul|ol|li|h[1-6]|blockquote|hr|img|span|div)\b[^>]*>/i;
const BLOCK_TAG = /<\/?(p|br|ul|ol|li|h[1-6]|blockquote|hr|div)\b[^>]*>/i;

const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, "<br>")}</p>`)
    .join("\n");

/**
 * What an admin types in the Content box: plain text (escaped, blank lines become paragraphs),
 * inline HTML inside plain lines (kept, lines become paragraphs), or block HTML (kept as is).
 * Either way only the allowed subset survives.
 */
export function sanitizeNewsletterHtml(content: string): string {
  const normalized = content.replace(/\r\n?/g, "\n");
  let html: string;
  if (!KNOWN_TAG.test(normalized)) html = paragraphs(escapeHtml(normalized));
  else if (!BLOCK_TAG.test(normalized)) html = paragraphs(normalized);
  else html = normalized;
  return sanitizeHtml(html, NEWSLETTER_HTML);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The plain-text part of a mail: block breaks kept, links written out, tags dropped. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, "").trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/(p|div|h[1-6]|blockquote|ul|ol)>/gi, "\n\n")
    .replace(/<hr\b[^>]*>/gi, "\n----\n");
  const stripped = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? decodeNumeric(name) ?? m)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function decodeNumeric(name: string): string | undefined {
  if (!name.startsWith("#")) return undefined;
  const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
