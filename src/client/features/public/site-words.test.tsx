import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showsApi } from "@shared/api/shows";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { AboutSection } from "./about/about-section";
import { ContactSection } from "./contact/contact-section";
import { Hero } from "./home/hero";
import { SiteFooter } from "./layout/site-footer";
import MerchPage from "./merch/merch-page";
import { PlayerProvider } from "./player/player-context";
import { ok, renderWithApi, type FakeAnswer } from "./test-utils";
import { usePageTitle } from "./ui/use-page-title";

// Issue 21: the words on the public pages come from Settings > Words on the site.
afterEach(() => {
  vi.unstubAllGlobals();
  document.title = "";
});

const settings = (values: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`/api/settings/${key}`, ok({ key, value })])) as Record<string, FakeAnswer>;
const track = { id: 1, title: "Porch Light", artist: "Band", audioUrl: "uploads/1.mp3", coverArtUrl: "", duration: "125.00", isFeatured: true, isActive: true, createdAt: "", updatedAt: "" };
const renderHero = (answers: Record<string, FakeAnswer>) =>
  renderWithApi(
    <PlayerProvider>
      <Hero />
    </PlayerProvider>,
    { "/api/audio-tracks?featured=true": ok([]), [showsApi.home]: ok([]), ...answers },
  );

describe("home page header", () => {
  it("never saved: today's kicker and intro", async () => {
    renderHero(settings({ tagline: null, "hero-kicker": null, "hero-text": null }));
    expect(await screen.findByText("Eastern NC · Emo / Hardcore")).toBeInTheDocument();
    expect(screen.getByText("Emo and hardcore from eastern North Carolina. Loud, honest, and coming to a basement near you.")).toBeInTheDocument();
  });

  it("the band's kicker, tagline and intro; with a featured song, the tagline then the invitation to play it", async () => {
    const answers = settings({ tagline: "Garage punk from Leeds!", "hero-kicker": "Leeds · Garage punk", "hero-text": "Three chords, no mercy." });
    const first = renderHero(answers);
    expect(await screen.findByText("Leeds · Garage punk")).toBeInTheDocument();
    // the tagline's own punctuation is kept (no full stop added after '!')
    expect(await screen.findByText("Garage punk from Leeds! Three chords, no mercy.")).toBeInTheDocument();
    first.unmount();

    renderHero({ ...answers, "/api/audio-tracks?featured=true": ok([track]) });
    const intro = await screen.findByText((_, el) => el?.tagName === "P" && /^Garage punk from Leeds! Put on/.test(el.textContent ?? ""));
    expect(intro).toHaveTextContent("Garage punk from Leeds! Put on “Porch Light”, then come hear it live.");
    expect(screen.queryByText(/Three chords/)).not.toBeInTheDocument();
  });

  it("saved empty: the kicker is left out, and the intro is what is left", async () => {
    renderHero(settings({ tagline: "", "hero-kicker": "", "hero-text": "Just the intro." }));
    expect(await screen.findByText("Just the intro.")).toBeInTheDocument();
    expect(screen.queryByText(/Eastern NC/)).not.toBeInTheDocument();
    expect(screen.queryByText(/eastern North Carolina/)).not.toBeInTheDocument();
  });
});

describe("footer, About stamp, contact intros", () => {
  it("the footer says the tagline then its line, and nothing when both are emptied", async () => {
    const a = renderWithApi(<SiteFooter />, settings({ tagline: "Garage punk from Leeds", "footer-text": "Ears ringing since 2019." }));
    expect(await screen.findByText("Garage punk from Leeds. Ears ringing since 2019.")).toBeInTheDocument();
    a.unmount();
    const b = renderWithApi(<SiteFooter />, settings({ tagline: null, "footer-text": null }));
    expect(await screen.findByText("Emo and hardcore from eastern North Carolina. Loud since the first basement show.")).toBeInTheDocument();
    b.unmount();
    renderWithApi(<SiteFooter />, settings({ tagline: "", "footer-text": "" }));
    await waitFor(() => expect(screen.queryByText(/eastern North Carolina|basement/)).not.toBeInTheDocument());
    expect(screen.getByRole("contentinfo").querySelectorAll("p.text-dust.max-w-xs")).toHaveLength(0);
  });

  it("About's stamp says where the band is from, and is left out when emptied", async () => {
    const a = renderWithApi(<AboutSection />, { ...settings({ origin: "West Yorkshire" }), "/api/band-members": ok([]) });
    expect(await screen.findByText("West Yorkshire")).toBeInTheDocument();
    a.unmount();
    const b = renderWithApi(<AboutSection />, { ...settings({ origin: null }), "/api/band-members": ok([]) });
    expect(await screen.findByText("Eastern North Carolina")).toBeInTheDocument();
    b.unmount();
    renderWithApi(<AboutSection />, { ...settings({ origin: "" }), "/api/band-members": ok([]) });
    await screen.findByText("No band members to display at this time.");
    expect(screen.queryByText("Eastern North Carolina")).not.toBeInTheDocument();
  });

  it("the mailing list and message form intros", async () => {
    const a = renderWithApi(<ContactSection />, settings({ "mailing-list-intro": "Tour dates first.", "contact-intro": "" }));
    expect(await screen.findByText("Tour dates first.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(SETTING_DEFAULTS["contact-intro"]!)).not.toBeInTheDocument());
    a.unmount();
    renderWithApi(<ContactSection />, settings({ "mailing-list-intro": null, "contact-intro": null }));
    expect(await screen.findByText(SETTING_DEFAULTS["mailing-list-intro"]!)).toBeInTheDocument();
    expect(screen.getByText(SETTING_DEFAULTS["contact-intro"]!)).toBeInTheDocument();
  });
});

describe("merch page and titles", () => {
  it("'Printed on demand' and its intro until saved; then the band's label and intro, or none", async () => {
    const a = renderWithApi(<MerchPage />, { "/api/merchandise": ok([]) });
    expect(await screen.findByText("Printed on demand")).toBeInTheDocument();
    expect(screen.getByText(SETTING_DEFAULTS["merch-intro"]!)).toBeInTheDocument();
    a.unmount();
    renderWithApi(<MerchPage />, { ...settings({ "merch-kicker": "At the merch table", "merch-intro": "", tagline: "x" }), "/api/merchandise": ok([]) });
    expect(await screen.findByText("At the merch table")).toBeInTheDocument();
    expect(screen.queryByText("Printed on demand")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(SETTING_DEFAULTS["merch-intro"]!)).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { level: 1, name: "Official Merch" })).toBeInTheDocument();
  });

  it("the home page's tab title follows the tagline, or is the band's name alone without one", async () => {
    function Titled() {
      usePageTitle(null);
      return null;
    }
    const a = renderWithApi(<Titled />, settings({ "band-name": "Floodplain", tagline: "Garage punk from Leeds" }));
    await waitFor(() => expect(document.title).toBe("Floodplain | Garage punk from Leeds"));
    a.unmount();
    renderWithApi(<Titled />, settings({ "band-name": "Floodplain", tagline: "" }));
    await waitFor(() => expect(document.title).toBe("Floodplain"));
  });
});
