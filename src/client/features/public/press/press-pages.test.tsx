import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PressKit, PressLinkPage as LinkPage } from "@shared/api/press";
import type { FormAnswer } from "@client/lib/form-answer";
import { fakeApi, json } from "@client/test/render-admin-page";
import { renderPublicPageAt } from "@client/test/render-public-page";
import PressLinkPage from "./press-link-page";
import PressPage from "./press-page";

afterEach(() => vi.unstubAllGlobals());

const KIT: PressKit = {
  shortBio: "Four friends from the coast.",
  longBio: "",
  photos: [{ url: "/uploads/images/a.jpg", credit: "Jo Lens", caption: "Live", image: null, fileName: "live at the pour house.jpg" }],
  logos: [],
  quotes: [{ quote: "Loud and warm.", source: "Coastal Weekly", sourceUrl: "" }],
  stagePlotUrl: "",
  techRiderUrl: "/uploads/documents/b.pdf",
  bookingName: "",
  bookingEmail: "booking@example.com",
  pressName: "",
  pressEmail: "",
  latestRelease: null,
};
const LINK: LinkPage = {
  recipient: "Dana Reyes",
  expiresAt: "2030-01-01T12:00:00.000Z",
  kit: KIT,
  tracks: [{ id: 7, title: "Undertow", artist: "Tar River Static", duration: "184.00", streamUrl: "/api/press/stream/7?token=tok" }],
};

/** The page at a path (argument order of these tests: the page first). */
const at = (ui: React.ReactElement, path: string, answer: FormAnswer | null = null) => renderPublicPageAt(path, ui, answer);

describe("/press", () => {
  it("shows the kit: the photo's original offered by its own name, with its credit; the rider; the contacts", async () => {
    fakeApi({ "GET /api/press": () => json(200, { success: true, data: KIT }), "GET /api/shows?upcoming=true": () => json(200, { success: true, data: [] }) });
    at(<PressPage />, "/press");
    expect(await screen.findByText("Four friends from the coast.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Download original/ })).toHaveAttribute("download", "live at the pour house.jpg");
    expect(screen.getByText(/Photo: Jo Lens/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tech rider (PDF)" })).toHaveAttribute("href", "/uploads/documents/b.pdf");
    expect(screen.queryByRole("link", { name: "Stage plot (PDF)" })).toBeNull();
    expect(screen.getByRole("link", { name: "booking@example.com" })).toHaveAttribute("href", "mailto:booking@example.com");
    expect(await screen.findByText("No shows announced right now.")).toBeInTheDocument();
  });

  it("switched off, it is the site's 'not found'", async () => {
    fakeApi({ "GET /api/press": () => json(200, { success: true, data: null }) });
    at(<PressPage />, "/press");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.queryByText("Four friends from the coast.")).toBeNull();
  });
});

describe("/press/link", () => {
  it("streams the link's tracks through their stream URL, with no download control", async () => {
    fakeApi({ "GET /api/press/link?token=tok": () => json(200, { success: true, data: LINK }) });
    const { container } = at(<PressLinkPage />, "/press/link?token=tok");
    expect(await screen.findByText("Prepared for Dana Reyes.")).toBeInTheDocument();
    const audio = container.querySelector("audio")!;
    expect(audio).toHaveAttribute("src", "/api/press/stream/7?token=tok");
    expect(audio.getAttribute("controlslist")).toContain("nodownload");
    expect(container.querySelector("a[download][href*='stream']")).toBeNull();
    expect(screen.getByText("Four friends from the coast.")).toBeInTheDocument();
  });

  it("drawn by the server as gone (410): says so politely, asks nothing", () => {
    const { calls } = fakeApi({});
    at(<PressLinkPage />, "/press/link?token=old", { form: "press-link", page: "/press/link", ok: false, message: "This press link has expired. Please ask the band for a new one." });
    expect(screen.getByText("This press link has expired. Please ask the band for a new one.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/api/press"))).toHaveLength(0);
    expect(document.querySelector("audio")).toBeNull();
  });

  it("reached in the app after a revoke: the server's words", async () => {
    fakeApi({ "GET /api/press/link?token=tok": () => json(410, { success: false, message: "This press link has expired. Please ask the band for a new one." }) });
    at(<PressLinkPage />, "/press/link?token=tok");
    expect(await screen.findByText("This press link has expired. Please ask the band for a new one.")).toBeInTheDocument();
  });
});
