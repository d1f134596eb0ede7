import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";
import SettingsPage from "./settings-page";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderSettings(stored: Record<string, string>, failPut = false) {
  const puts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = url.split("/").pop()!;
      if (init?.method === "PUT") {
        if (failPut) return json(500, { success: false, message: "Internal server error" });
        const body = JSON.parse(String(init.body));
        puts.push({ url, body });
        stored[key] = body.value;
      }
      return json(200, { success: true, data: { key, value: stored[key] ?? null } });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: "/settings" }).hook}>
        <SettingsPage />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return puts;
}
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("settings page", () => {
  it("saves one field with its own button and says 'Setting updated'", async () => {
    const puts = renderSettings({ "bandcamp-url": "https://old.bandcamp.com" });
    const field = await screen.findByLabelText("Bandcamp URL");
    await waitFor(() => expect(field).toHaveValue("https://old.bandcamp.com"));
    await userEvent.clear(field);
    await userEvent.type(field, "https://new.bandcamp.com");
    await userEvent.click(screen.getByRole("button", { name: "Save Bandcamp URL" }));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(puts).toEqual([{ url: "/api/settings/bandcamp-url", body: { value: "https://new.bandcamp.com" } }]);
  });

  it("keyboard: Enter saves and the field keeps focus (it is not disabled while saving)", async () => {
    const puts = renderSettings({ "bandcamp-url": "https://old.bandcamp.com" });
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
    expect(await screen.findByRole("button", { name: "Save Bandcamp URL" })).toHaveTextContent("Saving...");
    // disabling the focused field would drop focus on <body> in a browser
    expect(field).toBeEnabled();
    expect(screen.getByRole("button", { name: "Save Bandcamp URL" })).toBeEnabled();
    await user.keyboard("{Enter}"); // a second Enter while saving sends nothing more
    release();
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(puts).toEqual([{ url: "/api/settings/bandcamp-url", body: { value: "https://kbd.bandcamp.com" } }]);
  });

  it("has the social tab's four fields and the band name", async () => {
    renderSettings({ "band-name": "Test Band" });
    await waitFor(() => expect(screen.getByLabelText("Band Name")).toHaveValue("Test Band"));
    expect(screen.getByLabelText("Spotify Embed URL")).toBeInTheDocument();
    expect(screen.getByLabelText("SoundCloud Embed URL")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Social Media" }));
    for (const label of ["Instagram URL", "Facebook URL", "Twitter URL", "YouTube URL"]) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Website" })).toHaveAttribute("href", "/");
  });

  it("reports a failed save as 'Error updating setting' with the message", async () => {
    renderSettings({}, true);
    await userEvent.type(await screen.findByLabelText("Band Name"), "X");
    await userEvent.click(screen.getByRole("button", { name: "Save Band Name" }));
    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    expect(screen.getByText("Internal server error")).toBeInTheDocument();
  });

  it("a Spotify share link is saved in its embed form; the field then shows the player link", async () => {
    const puts = renderSettings({});
    const field = await screen.findByLabelText("Spotify Embed URL");
    expect(field).toHaveAccessibleDescription(/Left empty, fans see no player here, only your featured tracks/);
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=abc");
    await userEvent.click(screen.getByRole("button", { name: "Save Spotify Embed URL" }));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(puts).toEqual([{ url: "/api/settings/spotify-url", body: { value: "https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy" } }]);
    await waitFor(() => expect(field).toHaveValue("https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy"));
  });

  it("a bad link is not sent: the field says why (the server's rule) until it is edited", async () => {
    const puts = renderSettings({});
    await userEvent.click(await screen.findByRole("tab", { name: "Social Media" }));
    const field = screen.getByLabelText("Instagram URL");
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, "https://facebook.com/band");
    await userEvent.click(screen.getByRole("button", { name: "Save Instagram URL" }));
    const message = "Must be an Instagram link, e.g. https://instagram.com/yourband";
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(message);
    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    expect(puts).toEqual([]);
    await userEvent.type(field, "x");
    expect(field).not.toHaveAttribute("aria-invalid");
  });

  it("has a Time Zone field offering the known zones; the server's refusal of an unknown zone is shown in its words", async () => {
    renderSettings({ timezone: "America/Chicago" });
    const field = await screen.findByRole("combobox", { name: "Time Zone" });
    await waitFor(() => expect(field).toHaveValue("America/Chicago"));
    const list = document.getElementById(field.getAttribute("list")!)!;
    expect([...list.querySelectorAll("option")].map((o) => o.value)).toEqual(expect.arrayContaining(["America/New_York", "Europe/Berlin"]));
    const message = "Unknown time zone 'Mars/Base'. Use an IANA name such as America/New_York or Europe/Berlin.";
    vi.stubGlobal("fetch", async () => json(400, { success: false, message: `value: ${message}`, errors: { value: message } }));
    await userEvent.clear(field);
    await userEvent.type(field, "Mars/Base");
    await userEvent.click(screen.getByRole("button", { name: "Save Time Zone" }));
    expect(await screen.findByText("Error updating setting")).toBeInTheDocument();
    // in the toast and under the field (the same rule runs in the browser before any request)
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it("Welcome mail: shows the built-in texts with the band's name until saved; subject and content save on their own", async () => {
    const puts = renderSettings({ "band-name": "Test Band" });
    const subject = await screen.findByLabelText("Welcome Subject");
    await waitFor(() => expect(subject).toHaveValue("Welcome to the Test Band mailing list"));
    const content = screen.getByLabelText("Welcome Content");
    expect(content.tagName).toBe("TEXTAREA");
    expect((content as HTMLTextAreaElement).value).toMatch(/See you up front,\nTest Band$/);
    await userEvent.clear(subject);
    await userEvent.type(subject, "You're in!");
    await userEvent.click(screen.getByRole("button", { name: "Save Welcome Subject" }));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    // Enter in the content makes a new line, it does not save
    await userEvent.type(content, "{Enter}P.S. Bring earplugs.");
    expect(puts).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Save Welcome Content" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[0]).toEqual({ url: "/api/settings/welcome-subject", body: { value: "You're in!" } });
    expect(puts[1].url).toBe("/api/settings/welcome-content");
    expect((puts[1].body as { value: string }).value).toMatch(/Test Band\nP\.S\. Bring earplugs\.$/);
  });
});
