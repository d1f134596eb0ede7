import type { DOMPurify as Purifier } from "dompurify";

/*
 * Presentational SVG only: DOMPurify's SVG profile (no scripts, no event handlers, no
 * foreignObject), plus one rule of ours: a stored SVG may refer only to itself. An uploaded
 * image that loads other URLs can track whoever views it and changes after review.
 * Why DOMPurify on jsdom: docs/decisions/007-svg-sanitiser.md.
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const PROFILE = { svg: true, svgFilters: true } as const;

/** url(#id) with optional spaces and quotes: a reference inside the same document. */
const LOCAL_URL = /^url\(\s*(['"]?)#[^'"()\s\\]*\1\s*\)/;

/**
 * True when CSS-ish text (a presentation attribute, a style attribute or a <style> element)
 * could load something from outside the document. Backslashes are refused outright: CSS
 * escapes can spell url( without the letters (u\72l), so no pattern could be trusted past them.
 */
export function loadsExternal(text: string): boolean {
  const css = text.toLowerCase();
  if (css.includes("\\") || css.includes("@import")) return true;
  // functions that take a URL as a plain string
  if (/(^|[^a-z-])(image-set|image|cross-fade|src)\s*\(/.test(css)) return true;
  for (let at = css.indexOf("url("); at !== -1; at = css.indexOf("url(", at + 4)) {
    if (!LOCAL_URL.test(css.slice(at))) return true;
  }
  return false;
}

const isHrefName = (name: string) => /(^|:)href$/i.test(name);
const isLocalHref = (value: string) => value.trim().startsWith("#");

function checkAttribute(name: string, value: string): boolean {
  if (isHrefName(name)) return isLocalHref(value);
  return !loadsExternal(value);
}

interface Sanitiser {
  purify: Purifier;
  xml: { serializeToString(node: Node): string };
}
let ready: Promise<Sanitiser> | undefined;

/** One jsdom window for the life of the process, made on the first SVG (jsdom is heavy to load). */
function getSanitiser(): Promise<Sanitiser> {
  ready ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const { window } = new JSDOM("");
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("uponSanitizeAttribute", (_node, data) => {
      if (!checkAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
    });
    return { purify, xml: new window.XMLSerializer() };
  })().catch((err: unknown) => {
    ready = undefined; // let the next SVG try again
    throw err;
  });
  return ready;
}

/**
 * What DOMPurify's hooks cannot easily do: drop <style> elements that load from outside, and
 * comments and processing instructions (an <?xml-stylesheet?> must not survive as text either).
 * Attributes are checked a second time so the rule does not rest on one hook.
 */
function finish(root: Element) {
  const doomed: Node[] = [];
  const visit = (el: Element) => {
    for (const attr of Array.from(el.attributes)) {
      if (!checkAttribute(attr.name, attr.value)) el.removeAttributeNode(attr);
    }
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === child.COMMENT_NODE || child.nodeType === child.PROCESSING_INSTRUCTION_NODE) doomed.push(child);
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const inner = child as Element;
      if (inner.localName === "style" && (inner.children.length > 0 || loadsExternal(inner.textContent ?? ""))) doomed.push(inner);
      else visit(inner);
    }
  };
  visit(root);
  for (const node of doomed) node.parentNode?.removeChild(node);
}

/**
 * Returns a sanitized SVG document (well-formed XML, so what a browser parses is the tree we
 * checked), or null when no <svg> with something inside is left.
 */
export async function sanitizeSvg(source: string): Promise<string | null> {
  const { purify, xml } = await getSanitiser();
  // control characters have no place in SVG text and would make the XML output ill-formed
  // eslint-disable-next-line no-control-regex
  const input = source.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");
  const body = purify.sanitize(input, {
    USE_PROFILES: PROFILE,
    // <use> is off in DOMPurify's profile because of external and data: references;
    // the href rule above allows it only to point inside the document
    ADD_TAGS: ["use"],
    FORBID_TAGS: ["foreignObject", "script", "iframe"],
    RETURN_DOM: true,
  }) as Element;
  const root = Array.from(body.children).find((el) => el.localName === "svg" && el.namespaceURI === SVG_NS);
  if (!root) return null;
  finish(root);
  if (root.children.length === 0) return null;
  return xml.serializeToString(root);
}
