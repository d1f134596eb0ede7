import { convert, type HtmlToTextOptions } from "html-to-text";
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

/**
 * The plain-text part of a mail (html-to-text): paragraphs and line breaks kept, links written
 * out as "text (url)", list items as "- item" or "1. item", images left out, no wrapping (the
 * mail encoder folds long lines).
 */
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "hr", options: { length: 4 } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

export function htmlToText(html: string): string {
  return convert(html, TEXT_OPTIONS);
}
