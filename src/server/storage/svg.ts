import sanitizeHtml from "sanitize-html";

// Presentational SVG only: no scripts, no event handlers, no foreignObject, no external references.
const TAGS = [
  "svg", "g", "defs", "title", "desc", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
  "text", "tspan", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern", "filter",
  "feGaussianBlur", "feOffset", "feBlend", "feColorMatrix", "feTurbulence", "feDisplacementMap", "feMerge", "feMergeNode", "feFlood", "feComposite",
];
const ATTRS = [
  "id", "class", "viewBox", "width", "height", "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx", "ry", "d", "points",
  "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-dasharray", "stroke-opacity",
  "opacity", "transform", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "clip-path", "mask", "filter",
  "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline", "letter-spacing", "preserveAspectRatio", "xmlns",
  "stdDeviation", "dx", "dy", "in", "in2", "result", "mode", "type", "values", "baseFrequency", "numOctaves", "seed", "scale",
  "flood-color", "flood-opacity", "operator", "patternUnits", "href", "xlink:href", "version",
];

/** Returns a sanitized SVG, or null when nothing drawable is left. */
export function sanitizeSvg(source: string): string | null {
  const clean = sanitizeHtml(source, {
    allowedTags: TAGS,
    allowedAttributes: { "*": ATTRS },
    // only in-document references (#id) survive in href
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ["href", "xlink:href"],
    allowProtocolRelative: false,
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
    exclusiveFilter: (frame) => (frame.tag === "use" && !/^#/.test(frame.attribs.href ?? frame.attribs["xlink:href"] ?? "#")),
  });
  return /<svg[\s>]/i.test(clean) ? clean : null;
}
