import { describe, expect, it } from "vitest";
import { loadsExternal, sanitizeSvg } from "./svg";

const wrap = (inner: string, rootAttrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${rootAttrs}>${inner}<rect width="10" height="10"/></svg>`;

async function clean(inner: string, rootAttrs = "") {
  const out = await sanitizeSvg(wrap(inner, rootAttrs));
  if (out === null) throw new Error("refused");
  return out;
}

describe("sanitizeSvg: only same-document references survive", () => {
  it.each([
    ["fill", '<rect fill="url(https://evil/x)" width="1" height="1"/>'],
    ["stroke, protocol-relative", '<rect stroke="url(//evil/x)" width="1" height="1"/>'],
    ["filter", '<g filter="url(https://evil/f#f)"><rect width="1" height="1"/></g>'],
    ["mask", '<g mask="url(\'https://evil/m#m\')"><rect width="1" height="1"/></g>'],
    ["clip-path", '<g clip-path="url( &quot;https://evil/c#c&quot; )"><rect width="1" height="1"/></g>'],
    ["marker, relative", '<path d="M0 0L1 1" marker-end="url(evil.svg#m)"/>'],
    ["style attribute", '<rect style="fill:url(https://evil)" width="1" height="1"/>'],
    ["style attribute, CSS escape", '<rect style="fill:u\\72l(https://evil)" width="1" height="1"/>'],
    ["style attribute, entity-encoded", '<rect style="fill:url(&#104;ttps://evil)" width="1" height="1"/>'],
    ["<style> element", "<style>rect { fill: url(https://evil/a) }</style>"],
    ["<style> @import", '<style>@import "https://evil/b.css";</style>'],
    ["<style> image-set", '<style>rect { fill: image-set("https://evil/c.png" 1x) }</style>'],
    ["<pattern href> relative", '<pattern id="p" href="other.svg?evil"/>'],
    ["<use href> absolute", '<use href="https://evil/u.svg#a"/>'],
    ["<use xlink:href> data:", '<use xlink:href="data:image/svg+xml,evil"/>'],
    ["<image href>", '<image href="https://evil/i.png" width="1" height="1"/>'],
    ["<feImage href>", '<filter id="f"><feImage href="https://evil/i.png"/></filter>'],
    ["xlink:href javascript:", '<a xlink:href="javascript:alert(\'evil\')"><text>x</text></a>'],
    ["<script>", "<script>alert('evil')</script>"],
    ["<script> in CDATA", "<script><![CDATA[alert('evil')]]></script>"],
    ["foreignObject", "<foreignObject><div>evil</div></foreignObject>"],
    ["<xml-stylesheet> processing instruction", '<?xml-stylesheet href="https://evil/s.css"?>'],
    ["comment", "<!-- evil -->"],
  ])("removes %s", async (_label, inner) => {
    const out = await clean(inner);
    expect(out).not.toMatch(/evil/i);
    expect(out).toContain("<rect");
  });

  it("removes event handlers on the root and inside", async () => {
    const out = await clean('<g onclick="alert(1)"><rect onmouseover="alert(2)" width="1" height="1"/></g>', ' onload="alert(3)"');
    expect(out).not.toMatch(/on(load|click|mouseover)|alert/);
  });

  it("keeps references inside the document: url(#id), href=#id, xlink:href=#id", async () => {
    const out = await clean(
      '<defs><linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient><path id="a" d="M0 0h1v1z"/></defs>' +
        '<rect fill="url(#grad)" stroke="url( \'#grad\' )" width="1" height="1"/><use href="#a"/><use xlink:href="#a"/>' +
        '<rect style="fill:url(#grad)" width="1" height="1"/><style>.x { fill: url(#grad) }</style>',
    );
    expect(out).toContain('fill="url(#grad)"');
    expect(out).toContain("stroke=\"url( '#grad' )\"");
    expect(out).toContain('<use href="#a"/>');
    expect(out).toContain('<use xlink:href="#a"/>');
    expect(out).toContain('style="fill:url(#grad)"');
    expect(out).toContain("<style>.x { fill: url(#grad) }</style>");
    expect(out).toContain("<linearGradient");
  });

  it("answers well-formed SVG with its namespace, even for a sloppy input", async () => {
    const out = await sanitizeSvg('<svg viewBox="0 0 1 1"><RECT width="1" height="1"/><text>a&nbsp;b &amp; c</text></svg>');
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).toContain("<rect");
    expect(out).toContain("a\u00a0b &amp; c");
    expect(out).not.toContain("&nbsp;");
  });

  it("refuses what has nothing drawable left", async () => {
    expect(await sanitizeSvg("<svg><script>alert(1)</script></svg>")).toBeNull();
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"></svg>')).toBeNull();
    expect(await sanitizeSvg("<div>not an svg</div>")).toBeNull();
  });
});

describe("loadsExternal", () => {
  it.each(["url(#a)", "url('#a')", 'url( "#a" )', "red", "fill: red; stroke: url(#s)", "M0 0L10 10"])("accepts %s", (css) => {
    expect(loadsExternal(css)).toBe(false);
  });
  it.each(["url(x)", "url(#a) url(b)", "URL(//x)", "url(data:x)", "@import 'x'", "image-set('x' 1x)", "u\\rl(x)", "src('x')"])("refuses %s", (css) => {
    expect(loadsExternal(css)).toBe(true);
  });
});
