import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { createQueryClient } from "@client/lib/query-client";
import SettingsPage from "./settings-page";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Answer = (values: Record<string, string>) => Response | undefined;

/** The page over a fake API: GET /api/settings/{key} answers from `stored`; PUT /api/settings stores (or `answer` decides). */
function renderSettings(stored: Record<string, string>, answer?: Answer) {
  const puts: Record<string, string>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "PUT") {
        expect(url).toBe("/api/settings");
        const values = JSON.parse(String(init.body)) as Record<string, string>;
        puts.push(values);
        const refused = answer?.(values);
        if (refused) return refused;
        Object.assign(stored, values);
        return json(200, { success: true, message: "Setting updated", data: values });
      }
      const key = url.split("/").pop()!;
      return json(200, { success: true, data: { key, value: stored[key] ?? null } });
    }),
  );
  const location = memoryLocation({ path: "/settings", record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <nav>
          <Link href="/shows">Shows</Link>
        </nav>
        <SettingsPage />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { puts, location };
}
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const section = (name: string) => screen.getByRole("form", { name });
const statusOf = (name: string) => within(section(name)).getByRole("status");

describe("settings page: one Save per section", () => {
  it("has the sections in order, each with one Save, and View Website", async () => {
    renderSettings({ "band-name": "Test Band" });
    await waitFor(() => expect(screen.getByLabelText("Band Name")).toHaveValue("Test Band"));
    const all = screen.getAllByRole("form");
    // the band photo first: it saves on its own (upload, alt text, remove)
    expect(all[0]).toHaveAccessibleName("Band photo");
    const forms = all.slice(1).map((f) => f.getAttribute("aria-labelledby") && document.getElementById(f.getAttribute("aria-labelledby")!)?.textContent);
    expect(forms).toEqual(["Band", "Words on the site", "Music Platforms", "Social Media", "Mailing list"]);
    for (const name of forms) expect(within(section(name!)).getAllByRole("button", { name: /^Save / })).toHaveLength(1);
    for (const label of ["Spotify Embed URL", "SoundCloud Embed URL", "Bandcamp URL"]) expect(within(section("Music Platforms")).getByLabelText(label)).toBeInTheDocument();
    for (const label of ["Instagram URL", "Facebook URL", "Twitter URL", "YouTube URL", "TikTok URL", "Threads URL", "Bluesky URL"]) {
      expect(within(section("Social Media")).getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "View Website" })).toHaveAttribute("href", "/");
  });

  it("saves every changed field of a section in one request, says 'Setting updated', and shows the values as stored", async () => {
    const { puts } = renderSettings({ "bandcamp-url": "https://old.bandcamp.com" });
    const user = userEvent.setup();
    const bandcamp = await screen.findByLabelText("Bandcamp URL");
    await waitFor(() => expect(bandcamp).toHaveValue("https://old.bandcamp.com"));
    expect(statusOf("Music Platforms")).toHaveTextContent("");
    await user.clear(bandcamp);
    await user.type(bandcamp, "https://new.bandcamp.com");
    const spotify = screen.getByLabelText("Spotify Embed URL");
    expect(spotify).toHaveAccessibleDescription(/Left empty, fans see no player here, only your featured tracks/);
    await user.type(spotify, "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=abc");
    expect(statusOf("Music Platforms")).toHaveTextContent("Unsaved changes");
    expect(within(section("Music Platforms")).getAllByText("Edited")).toHaveLength(2);
    // the other sections are untouched
    expect(statusOf("Band")).toHaveTextContent("");

    await user.click(screen.getByRole("button", { name: "Save Music Platforms" }));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(screen.getByText("Spotify Embed URL, Bandcamp URL")).toBeInTheDocument();
    expect(puts).toEqual([{ "spotify-url": "https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy", "bandcamp-url": "https://new.bandcamp.com" }]);
    // a Spotify share link is stored as its player link, and the field then shows that
    await waitFor(() => expect(spotify).toHaveValue("https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy"));
    expect(statusOf("Music Platforms")).toHaveTextContent("All changes saved.");
    expect(within(section("Music Platforms")).queryByText("Edited")).not.toBeInTheDocument();
  });

  it("keyboard: Enter in a field saves its section, and the field keeps focus (nothing is disabled while saving)", async () => {
    const { puts } = renderSettings({ "bandcamp-url": "https://old.bandcamp.com" });
    // hold the PUT so the saving state can be looked at
    const answer = globalThis.fetch;
    let release!: () => void;
    vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
      init?.method === "PUT" ? new Promise((resolve) => (release = () => resolve(answer(url, init)))) : answer(url, init),
    );
    const user = userEvent.setup();
    const field = await screen.findByRole("textbox", { name: "Bandcamp URL" });
    await waitFor(() => expect(field).toHaveValue("https://old.bandcamp.com"));
    await user.clear(field);
    await user.type(field, "https://kbd.bandcamp.com{Enter}");
    const save = await screen.findByRole("button", { name: "Save Music Platforms" });
    await waitFor(() => expect(save).toHaveTextContent("Saving..."));
    expect(field).toBeEnabled();
    expect(save).toBeEnabled();
    await user.keyboard("{Enter}"); // a second Enter while saving sends nothing more
    release();
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(puts).toEqual([{ "bandcamp-url": "https://kbd.bandcamp.com" }]);
  });

  it("a bad value is not sent: its message stays beside it, the section says nothing was saved, and the other edits are kept", async () => {
    const { puts } = renderSettings({});
    const user = userEvent.setup();
    const instagram = await screen.findByLabelText("Instagram URL");
    await waitFor(() => expect(instagram).toBeEnabled());
    await user.type(instagram, "https://facebook.com/band");
    const facebook = screen.getByLabelText("Facebook URL");
    await user.type(facebook, "facebook.com/tarriverstatic");
    await user.click(screen.getByRole("button", { name: "Save Social Media" }));

    const message = "Must be an Instagram link, e.g. https://instagram.com/yourband";
    expect(await within(section("Social Media")).findByRole("alert")).toHaveTextContent(message);
    expect(instagram).toHaveAttribute("aria-invalid", "true");
    expect(instagram).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(instagram).toHaveFocus();
    expect(facebook).not.toHaveAttribute("aria-invalid");
    expect(facebook).toHaveValue("facebook.com/tarriverstatic");
    expect(statusOf("Social Media")).toHaveTextContent(/^Not saved: correct the field marked in red.*Nothing in this section was saved; your other edits are kept\.$/);
    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    expect(puts).toEqual([]);

    // corrected: both go in one save
    await user.clear(instagram);
    await user.type(instagram, "instagram.com/tarriverstatic");
    expect(instagram).not.toHaveAttribute("aria-invalid");
    expect(statusOf("Social Media")).toHaveTextContent("Unsaved changes");
    await user.click(screen.getByRole("button", { name: "Save Social Media" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ "instagram-url": "https://instagram.com/tarriverstatic", "facebook-url": "https://facebook.com/tarriverstatic" });
  });

  it("the server's refusal of one field is shown beside that field in its words; the section's other edit stays unsaved", async () => {
    const message = "Unknown time zone 'Mars/Base'. Use an IANA name such as America/New_York or Europe/Berlin.";
    // the browser would refuse this zone too: the server is made to refuse a zone the browser knows
    const { puts } = renderSettings({ timezone: "America/Chicago", "band-name": "Old Name" }, (values) =>
      values.timezone ? json(400, { success: false, message: `timezone: ${message}`, errors: { timezone: message } }) : undefined,
    );
    const user = userEvent.setup();
    const zone = await screen.findByRole("combobox", { name: "Time Zone" });
    await waitFor(() => expect(zone).toHaveValue("America/Chicago"));
    const list = document.getElementById(zone.getAttribute("list")!)!;
    expect([...list.querySelectorAll("option")].map((o) => o.value)).toEqual(expect.arrayContaining(["America/New_York", "Europe/Berlin"]));
    const name = screen.getByLabelText("Band Name");
    await user.clear(name);
    await user.type(name, "New Name");
    await user.clear(zone);
    await user.type(zone, "Europe/Berlin");
    await user.click(screen.getByRole("button", { name: "Save Band" }));

    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    expect(await within(section("Band")).findByRole("alert")).toHaveTextContent(message);
    expect(zone).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(puts).toEqual([{ "band-name": "New Name", timezone: "Europe/Berlin" }]);
    expect(name).toHaveValue("New Name");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(statusOf("Band")).toHaveTextContent(/^Not saved/);
  });

  it("a failed request says 'Error updating setting' with the message, and keeps the edits", async () => {
    renderSettings({}, () => json(500, { success: false, message: "Internal server error" }));
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Band Name");
    await waitFor(() => expect(name).toBeEnabled());
    await user.type(name, "X");
    await user.click(screen.getByRole("button", { name: "Save Band" }));
    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    expect(screen.getByText("Internal server error")).toBeInTheDocument();
    expect(name).toHaveValue("X");
    expect(statusOf("Band")).toHaveTextContent("Unsaved changes");
  });

  it("Save with nothing changed sends nothing; Discard changes puts the saved values back", async () => {
    const { puts } = renderSettings({ "band-name": "Test Band" });
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Band Name");
    await waitFor(() => expect(name).toHaveValue("Test Band"));
    await user.click(screen.getByRole("button", { name: "Save Band" }));
    expect(statusOf("Band")).toHaveTextContent("No changes to save.");
    await user.type(name, "s");
    // typed back to what is saved: nothing is unsaved
    await user.type(name, "{Backspace}");
    expect(statusOf("Band")).toHaveTextContent("");
    await user.type(name, "!!");
    await user.click(within(section("Band")).getByRole("button", { name: "Discard changes" }));
    expect(name).toHaveValue("Test Band");
    expect(statusOf("Band")).toHaveTextContent("");
    expect(screen.getByRole("button", { name: "Save Band" })).toHaveFocus();
    expect(puts).toEqual([]);
  });

  it("leaving with unsaved edits in any section asks first; once saved, it does not", async () => {
    const { location } = renderSettings({});
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Band Name");
    await waitFor(() => expect(name).toBeEnabled());
    await user.type(name, "Unsaved");
    await user.click(screen.getByRole("link", { name: "Shows" }));
    expect(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stay" }));
    expect(location.history.at(-1)).toBe("/settings");
    expect(name).toHaveValue("Unsaved");

    await user.click(screen.getByRole("button", { name: "Save Band" }));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Shows" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/shows"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});

describe("settings page: Words on the site", () => {
  it("shows the built-in texts until saved; an emptied field is saved empty, an edited one as typed (spaces tidied)", async () => {
    const { puts } = renderSettings({ tagline: "Garage punk from Leeds" });
    const user = userEvent.setup();
    const tagline = await screen.findByLabelText("Tagline");
    await waitFor(() => expect(tagline).toHaveValue("Garage punk from Leeds"));
    const kicker = screen.getByLabelText("Line above your name");
    expect(kicker).toHaveValue(SETTING_DEFAULTS["hero-kicker"]);
    expect(kicker).toHaveAccessibleDescription(/^The small line over your band's name.*Empty: no line\. Up to 60 characters\.$/);
    expect(screen.getByLabelText("Merch page label")).toHaveValue("Printed on demand");
    expect(screen.getByLabelText("Footer line")).toHaveValue(SETTING_DEFAULTS["footer-text"]);
    for (const group of ["Home page", "Merch page", "Footer"]) expect(screen.getByRole("group", { name: group })).toBeInTheDocument();

    await user.clear(kicker);
    const label = screen.getByLabelText("Merch page label");
    await user.clear(label);
    await user.type(label, "  At the   merch table ");
    await user.click(screen.getByRole("button", { name: "Save Words on the site" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ "hero-kicker": "", "merch-kicker": "At the merch table" });
    await waitFor(() => expect(label).toHaveValue("At the merch table"));
    expect(kicker).toHaveValue("");
  });

  it("'Original text' puts the built-in text back; HTML and over-long texts are refused beside the field", async () => {
    const { puts } = renderSettings({ "hero-kicker": "" });
    const user = userEvent.setup();
    const kicker = await screen.findByLabelText("Line above your name");
    await waitFor(() => expect(kicker).toBeEnabled());
    expect(kicker).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Original text for Line above your name" }));
    expect(kicker).toHaveValue(SETTING_DEFAULTS["hero-kicker"]);
    expect(screen.queryByRole("button", { name: "Original text for Line above your name" })).not.toBeInTheDocument();

    const intro = screen.getByLabelText("Merch page intro");
    await user.clear(intro);
    await user.type(intro, "Shirts <b>and</b> hats");
    const origin = screen.getByLabelText("Where you're from");
    await user.clear(origin);
    await user.type(origin, "x".repeat(41));
    await user.click(screen.getByRole("button", { name: "Save Words on the site" }));
    expect(intro).toHaveAccessibleDescription(expect.stringContaining("Plain text only: leave out HTML tags such as <b>"));
    expect(origin).toHaveAccessibleDescription(expect.stringContaining("Too long: 41 characters, 40 at most"));
    expect(origin).toHaveFocus(); // the first refused field, in page order
    expect(puts).toEqual([]);
    expect(kicker).toHaveValue(SETTING_DEFAULTS["hero-kicker"]);
  });
});

describe("settings page: Mailing list", () => {
  it("shows the built-in texts with the band's name until saved; subject and content save together", async () => {
    const { puts } = renderSettings({ "band-name": "Test Band" });
    const user = userEvent.setup();
    const subject = await screen.findByLabelText("Welcome Subject");
    await waitFor(() => expect(subject).toHaveValue("Welcome to the Test Band mailing list"));
    const content = screen.getByLabelText("Welcome Content");
    expect(content.tagName).toBe("TEXTAREA");
    expect((content as HTMLTextAreaElement).value).toMatch(/See you up front,\nTest Band$/);
    await user.clear(subject);
    await user.type(subject, "You're in!");
    // Enter in the content makes a new line, it does not save
    await user.type(content, "{Enter}P.S. Bring earplugs.");
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Save Mailing list" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]["welcome-subject"]).toBe("You're in!");
    expect(puts[0]["welcome-content"]).toMatch(/Test Band\nP\.S\. Bring earplugs\.$/);
  });

  it("counting newsletter link clicks is on until switched off; the switch saves with the section as 'false', then 'true'", async () => {
    const { puts } = renderSettings({});
    const user = userEvent.setup();
    const mailingList = section("Mailing list");
    expect(within(mailingList).getByRole("group", { name: "Welcome mail" })).toBeInTheDocument();
    const newsletters = within(mailingList).getByRole("group", { name: "Newsletters" });
    const counting = within(newsletters).getByRole("switch", { name: "Count clicks on newsletter links" });
    await waitFor(() => expect(counting).toBeEnabled());
    // never saved: on, with no 'not set' note, and the band's one line on what it does
    expect(counting).toBeChecked();
    expect(counting).toHaveAccessibleDescription("Insights shows how often each newsletter link is clicked: per link, never who clicked. Off: links go out as you wrote them and no clicks are counted.");
    expect(statusOf("Mailing list")).toHaveTextContent("");

    await user.click(counting);
    expect(counting).not.toBeChecked();
    expect(within(newsletters).getByText("Edited")).toBeInTheDocument();
    expect(statusOf("Mailing list")).toHaveTextContent("Unsaved changes");
    expect(puts).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Save Mailing list" }));
    await waitFor(() => expect(puts).toEqual([{ "newsletter-click-counting": "false" }]));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    await waitFor(() => expect(statusOf("Mailing list")).toHaveTextContent("All changes saved."));
    expect(counting).not.toBeChecked();

    // on again, with the keyboard
    counting.focus();
    await user.keyboard(" ");
    expect(counting).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save Mailing list" }));
    await waitFor(() => expect(puts).toEqual([{ "newsletter-click-counting": "false" }, { "newsletter-click-counting": "true" }]));
  });

  it("shows counting off when the band switched it off", async () => {
    renderSettings({ "newsletter-click-counting": "false" });
    const counting = await screen.findByRole("switch", { name: "Count clicks on newsletter links" });
    await waitFor(() => expect(counting).toBeEnabled());
    await waitFor(() => expect(counting).not.toBeChecked());
    expect(statusOf("Mailing list")).toHaveTextContent("");
  });
});
