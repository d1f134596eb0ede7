// Regenerates the demo images (cover art, merch mockups, video thumbnails, the share image)
// by drawing HTML/SVG in the system Chromium. Output is committed; the seed only copies it.
// Run: node assets/seed/make-images.mjs
/* global document -- the evaluate() callback runs in the browser */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const font = fs.readFileSync(path.join(root, "node_modules/@fontsource/anton/files/anton-latin-400-normal.woff2")).toString("base64");
const BAND = "TAR RIVER STATIC";

const grain = `<svg xmlns='http://www.w3.org/2000/svg' width='240' height='240'><filter id='n'><feTurbulence type='fractalNoise' baseFrequency='.9' numOctaves='3' stitchTiles='stitch'/><feColorMatrix values='0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .55 0'/></filter><rect width='100%' height='100%' filter='url(%23n)'/></svg>`;
const base = (w, h, body, bg = "#0b0b0c") => `<!doctype html><html><head><style>
@font-face{font-family:Anton;src:url(data:font/woff2;base64,${font}) format('woff2')}
*{margin:0;box-sizing:border-box}html,body{width:${w}px;height:${h}px;overflow:hidden;background:${bg};font-family:Anton,sans-serif;color:#ece7df}
.grain{position:absolute;inset:0;background-image:url("data:image/svg+xml;utf8,${grain}");opacity:.22;mix-blend-mode:overlay;pointer-events:none}
.abs{position:absolute}
</style></head><body><div style="position:relative;width:${w}px;height:${h}px;overflow:hidden">${body}<div class="grain"></div></div></body></html>`;

const covers = {
  "cover-floodplain": base(500, 500, `
    <div class="abs" style="inset:0;background:linear-gradient(#16161a 0 58%,#0b0b0c 58%)"></div>
    <div class="abs" style="left:110px;top:120px;width:280px;height:280px;border-radius:50%;background:#d7263d;box-shadow:0 0 80px #d7263d88"></div>
    <div class="abs" style="left:0;right:0;top:290px;bottom:0;background:repeating-linear-gradient(#0b0b0c 0 9px,#1d1d22 9px 12px)"></div>
    <div class="abs" style="left:28px;top:24px;font-size:28px;letter-spacing:4px;color:#ece7dfcc">${BAND}</div>
    <div class="abs" style="left:22px;bottom:18px;font-size:104px;line-height:.9;letter-spacing:-1px;transform:rotate(-3deg);color:#ece7df">FLOOD<br>PLAIN</div>`),
  "cover-porch-light": base(500, 500, `
    <div class="abs" style="inset:0;background:radial-gradient(circle at 50% 38%,#f2a54155 0,#f2a54118 22%,#0b0b0c 55%)"></div>
    <div class="abs" style="left:236px;top:40px;width:4px;height:120px;background:#2a2a30"></div>
    <div class="abs" style="left:213px;top:150px;width:50px;height:64px;border-radius:50% 50% 45% 45%;background:radial-gradient(circle at 50% 40%,#fff6d8,#f2a541 60%,#c8553d)"></div>
    <div class="abs" style="left:0;right:0;bottom:0;height:150px;background:#141416;border-top:6px solid #2a2a30"></div>
    <div class="abs" style="left:0;right:0;bottom:150px;height:22px;background:repeating-linear-gradient(90deg,#1e1e22 0 30px,#0b0b0c 30px 36px)"></div>
    <div class="abs" style="left:30px;bottom:30px;font-size:84px;line-height:.9;color:#f2a541">PORCH<br><span style="color:#ece7df">LIGHT</span></div>
    <div class="abs" style="right:28px;top:26px;font-size:22px;letter-spacing:3px;writing-mode:vertical-rl;color:#ece7df99">${BAND}</div>`),
};

const logo = (size, color = "#ece7df") => `<div style="font-size:${size}px;line-height:.85;text-align:center;color:${color};letter-spacing:1px">TAR RIVER<br><span style="color:#d7263d">STATIC</span></div>`;
const product = (shape, inner, bg = "#1e1e22") => base(400, 400, `
  <div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
  <svg class="abs" style="inset:0" width="400" height="400" viewBox="0 0 400 400"><path d="${shape}" fill="${bg}" stroke="#000" stroke-width="3"/></svg>
  <div class="abs" style="inset:0;display:flex;align-items:center;justify-content:center">${inner}</div>`);

const SHIRT = "M130 60 L170 48 Q200 70 230 48 L270 60 L345 110 L318 160 L285 140 L285 355 L115 355 L115 140 L82 160 L55 110 Z";
const HOODIE = "M140 55 Q200 20 260 55 L340 110 L350 300 L312 305 L300 160 L292 360 L108 360 L100 160 L88 305 L50 300 L60 110 Z";
const merch = {
  "merch-floodplain-tee": product(SHIRT, `<div style="margin-top:30px">${logo(40)}</div>`),
  "merch-static-hoodie": product(HOODIE, `<div style="margin-top:40px">${logo(36)}</div>`, "#141416"),
  "merch-dad-hat": base(400, 400, `<div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
    <svg class="abs" style="inset:0" viewBox="0 0 400 400"><path d="M90 250 Q95 120 200 110 Q305 120 310 250 Z" fill="#1e1e22" stroke="#000" stroke-width="3"/><path d="M70 250 Q200 230 360 262 Q330 300 200 290 Q110 288 70 250Z" fill="#141416" stroke="#000" stroke-width="3"/></svg>
    <div class="abs" style="left:0;right:0;top:165px;display:flex;justify-content:center">${logo(30)}</div>`),
  "merch-tour-poster": base(400, 400, `<div class="abs" style="inset:0;background:#0b0b0c"></div>
    <div class="abs" style="left:95px;top:20px;width:210px;height:360px;background:#ece7df;transform:rotate(-2deg);box-shadow:0 10px 30px #000;padding:16px;color:#0b0b0c;text-align:center">
      <div style="font-size:22px;color:#d7263d">SPRING TOUR</div><div style="font-size:52px;line-height:.9;margin-top:10px">TAR<br>RIVER<br>STATIC</div>
      <div style="height:70px;margin:14px 20px;background:#d7263d;border-radius:50%"></div><div style="font-size:14px;line-height:1.3">GREENVILLE · RALEIGH<br>WILMINGTON · RICHMOND</div></div>`),
  "merch-sticker-pack": base(400, 400, `<div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
    <div class="abs" style="left:60px;top:70px;width:170px;height:170px;border-radius:50%;background:#d7263d;border:6px solid #ece7df;transform:rotate(-12deg);display:flex;align-items:center;justify-content:center">${logo(28, "#0b0b0c")}</div>
    <div class="abs" style="left:190px;top:170px;width:160px;height:110px;background:#ece7df;border:6px solid #fff;transform:rotate(8deg);display:flex;align-items:center;justify-content:center;font-size:40px;color:#0b0b0c">TRS</div>
    <div class="abs" style="left:110px;top:270px;width:150px;height:70px;background:#f2a541;border:6px solid #fff;transform:rotate(-4deg);display:flex;align-items:center;justify-content:center;font-size:26px;color:#0b0b0c">STAY LOUD</div>`),
  "merch-tote-bag": base(400, 400, `<div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
    <svg class="abs" style="inset:0" viewBox="0 0 400 400"><path d="M150 120 Q150 50 200 50 Q250 50 250 120" fill="none" stroke="#cfc8bb" stroke-width="12"/><rect x="95" y="115" width="210" height="250" fill="#ece7df" stroke="#000" stroke-width="3"/></svg>
    <div class="abs" style="left:0;right:0;top:200px;display:flex;justify-content:center">${logo(34, "#0b0b0c")}</div>`),
  "merch-enamel-pin": base(400, 400, `<div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
    <div class="abs" style="left:110px;top:110px;width:180px;height:180px;border-radius:50%;background:radial-gradient(circle at 35% 30%,#f0f0f0,#9a9a9a 70%);display:flex;align-items:center;justify-content:center">
      <div style="width:150px;height:150px;border-radius:50%;background:#0b0b0c;display:flex;align-items:center;justify-content:center">${logo(26)}</div></div>`),
  "merch-cassette": base(400, 400, `<div class="abs" style="inset:0;background:radial-gradient(circle at 50% 45%,#2a2a30,#0b0b0c 75%)"></div>
    <div class="abs" style="left:60px;top:110px;width:280px;height:180px;border-radius:12px;background:#d7263d;border:4px solid #000">
      <div style="margin:16px;height:70px;background:#ece7df;color:#0b0b0c;font-size:21px;padding:8px 12px">FLOODPLAIN <span style="color:#d7263d">/ PORCH LIGHT</span></div>
      <div style="display:flex;justify-content:center;gap:60px"><div style="width:44px;height:44px;border-radius:50%;background:#0b0b0c;border:6px solid #ece7df"></div><div style="width:44px;height:44px;border-radius:50%;background:#0b0b0c;border:6px solid #ece7df"></div></div></div>`),
};

const thumb = (title, tag, hue) => base(640, 360, `
  <div class="abs" style="inset:0;background:linear-gradient(135deg,${hue},#0b0b0c 70%)"></div>
  <div class="abs" style="inset:0;background:repeating-linear-gradient(0deg,#0000 0 3px,#0006 3px 4px)"></div>
  <div class="abs" style="left:36px;bottom:30px;font-size:74px;line-height:.9;max-width:560px">${title}</div>
  <div class="abs" style="left:40px;top:30px;font-size:22px;letter-spacing:4px;background:#d7263d;padding:4px 12px">${tag}</div>`);
const thumbs = {
  "video-floodplain": thumb("FLOODPLAIN", "OFFICIAL VIDEO", "#3a0d14"),
  "video-live-pour-house": thumb("LIVE AT THE<br>POUR HOUSE", "LIVE", "#3b2a0a"),
  "video-porch-light": thumb("PORCH LIGHT", "LYRIC VIDEO", "#10202e"),
  "video-van-days": thumb("VAN DAYS", "TOUR DOC", "#1d2a14"),
};

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
async function shoot(html, w, h, file, quality = 78) {
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, type: file.endsWith(".png") ? "png" : "jpeg", ...(file.endsWith(".png") ? {} : { quality }) });
}
for (const [name, html] of Object.entries(covers)) await shoot(html, 500, 500, path.join(here, `${name}.jpg`), 80);
for (const [name, html] of Object.entries(merch)) await shoot(html, 400, 400, path.join(here, `${name}.jpg`), 72);
for (const [name, html] of Object.entries(thumbs)) await shoot(html, 640, 360, path.join(here, `${name}.jpg`), 70);
// The share card for Open Graph / Twitter (served from /images, not seeded).
await shoot(base(1200, 630, `<div class="abs" style="inset:0;background:radial-gradient(circle at 78% 50%,#d7263d55,#0b0b0c 60%)"></div>
  <div class="abs" style="right:80px;top:95px;width:440px;height:440px;border-radius:50%;background:repeating-radial-gradient(#111 0 3px,#1b1b1f 3px 5px);box-shadow:0 20px 60px #000"><div style="position:absolute;inset:150px;border-radius:50%;background:#d7263d"></div></div>
  <div class="abs" style="left:70px;top:120px;font-size:150px;line-height:.86">TAR RIVER<br><span style="color:#d7263d">STATIC</span></div>
  <div class="abs" style="left:76px;bottom:70px;font-size:32px;letter-spacing:5px;color:#a19d96">EMO / HARDCORE · EASTERN NORTH CAROLINA</div>`), 1200, 630, path.join(root, "public/images/og-image.jpg"), 80);
await browser.close();
console.log("done");
