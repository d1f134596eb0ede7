import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BAND_PHOTO_SIZES } from "@shared/responsive-images";
import { PlayerProvider } from "../player/player-context";
import { ok, renderWithApi } from "../test-utils";
import { Hero } from "./hero";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/uploads/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg";
const photo = (altText: string) => ({
  imageUrl: PATH,
  altText,
  image: {
    width: 1600,
    height: 1067,
    variants: [640, 1280].flatMap((w) => (["avif", "webp"] as const).map((format) => ({ width: w, height: Math.round((w * 1067) / 1600), format, path: `/uploads/images/a.0123456789abcdef.${w}w.${format}` }))),
  },
});
const answers = (bandPhoto: unknown) => ({
  "/api/settings/band-name": ok({ key: "band-name", value: "Tar River Static" }),
  "/api/band-photo": ok(bandPhoto),
  "/api/audio-tracks?featured=true": ok([]),
});
const renderHero = (bandPhoto: unknown) =>
  renderWithApi(
    <PlayerProvider>
      <Hero />
    </PlayerProvider>,
    answers(bandPhoto),
  );

describe("the home page's header and the band photo (issue 21)", () => {
  it("draws the photo above the name as a <picture> of its variants, sized by the page's width, eager and first in line, with its size reserved", async () => {
    renderHero(photo(""));
    // no alt text given: the band's name
    const img = await screen.findByRole("img", { name: "Tar River Static" });
    expect(img).toHaveAttribute("src", PATH);
    expect(img).toHaveAttribute("width", "1600");
    expect(img).toHaveAttribute("height", "1067");
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).toHaveAttribute("fetchpriority", "high");
    const sources = [...img.closest("picture")!.querySelectorAll("source")];
    expect(sources.map((s) => [s.type, s.getAttribute("srcset"), s.getAttribute("sizes")])).toEqual([
      ["image/avif", "/uploads/images/a.0123456789abcdef.640w.avif 640w, /uploads/images/a.0123456789abcdef.1280w.avif 1280w", BAND_PHOTO_SIZES],
      ["image/webp", "/uploads/images/a.0123456789abcdef.640w.webp 640w, /uploads/images/a.0123456789abcdef.1280w.webp 1280w", BAND_PHOTO_SIZES],
    ]);
    // the name still heads the page
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("TarRiverStatic");
  });

  it("uses the band's own alt text", async () => {
    renderHero(photo("The four of us on the porch"));
    expect(await screen.findByRole("img", { name: "The four of us on the porch" })).toBeInTheDocument();
  });

  it("without a photo draws the header as before: the name, no image", async () => {
    const { container } = renderHero(null);
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("TarRiverStatic");
    expect(container.querySelector("header img, header picture")).toBeNull();
  });
});
