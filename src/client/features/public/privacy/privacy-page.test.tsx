import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { privacyApi } from "@shared/api/privacy";
import { settingsApi } from "@shared/api/settings";
import { GEO_DATA, SESSION_COOKIE } from "@shared/privacy";
import { ContactForm } from "../contact/contact-form";
import { SubscribeForm } from "../contact/subscribe-form";
import { SiteFooter } from "../layout/site-footer";
import { ok, pending, renderWithApi } from "../test-utils";
import PrivacyPage from "./privacy-page";

const settings = { [settingsApi.item("band-name")]: ok({ key: "band-name", value: "Hydra Static" }), [settingsApi.item("timezone")]: ok({ key: "timezone", value: "Europe/Berlin" }) };

describe("the privacy page (issue 23)", () => {
  it("states the retention the server is configured with, and the code's own facts", async () => {
    renderWithApi(<PrivacyPage />, { ...settings, [privacyApi.facts]: ok({ statsRetentionDays: 45 }) }, { path: "/privacy" });
    const visits = await screen.findByRole("region", { name: "When you visit" });
    expect(visits).toHaveTextContent("kept for 45 days");
    expect(visits).toHaveTextContent("Your IP address is never stored.");
    expect(visits).toHaveTextContent("15 minutes after midnight (Europe/Berlin)");
    expect(within(visits).getByRole("link", { name: GEO_DATA.attribution })).toHaveAttribute("href", "https://db-ip.com");
    expect(screen.getByRole("region", { name: "Cookies" })).toHaveTextContent(`The one cookie the site sets is ${SESSION_COOKIE}`);
    const list = screen.getByRole("region", { name: "The mailing list" });
    expect(list).toHaveTextContent("shows, releases, merch");
    expect(list).toHaveTextContent("the IP address each was done from");
    // newsletter link clicks: counted per link while the setting is on (its default)
    expect(list).toHaveTextContent("Links in the band’s newsletters go through this site (/go/newsletter/…)");
    expect(list).toHaveTextContent("a click is counted per newsletter and link, never per person");
    expect(screen.getByRole("region", { name: "Messages you send" })).toHaveTextContent("its type, until the band deletes the message. No IP address is kept with it.");
    expect(screen.getByRole("link", { name: "write to Hydra Static" })).toHaveAttribute("href", "/#contact");
  });

  it("says newsletter link clicks are not counted once the band switched counting off", async () => {
    renderWithApi(<PrivacyPage />, { ...settings, [settingsApi.item("newsletter-click-counting")]: ok({ key: "newsletter-click-counting", value: "false" }), [privacyApi.facts]: ok({ statsRetentionDays: 30 }) });
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "The mailing list" })).toHaveTextContent("Links in the band’s newsletters lead straight to where they point: the site does not count clicks on them."),
    );
    expect(screen.getByRole("region", { name: "The mailing list" })).not.toHaveTextContent("/go/newsletter/");
  });

  it("one day is 'day', and the page waits for its facts rather than guessing them", async () => {
    const first = renderWithApi(<PrivacyPage />, { ...settings, [privacyApi.facts]: ok({ statsRetentionDays: 1 }) });
    expect(await screen.findByText(/kept for/)).toHaveTextContent("kept for 1 day;");
    first.unmount();
    renderWithApi(<PrivacyPage />, { ...settings, [privacyApi.facts]: pending });
    expect(screen.getByRole("heading", { level: 1, name: "Privacy" })).toBeInTheDocument();
    expect(screen.queryByText(/kept for/)).toBeNull();
  });

  it("is linked from the footer and beside the subscribe and contact forms' buttons", () => {
    renderWithApi(
      <>
        <SubscribeForm />
        <ContactForm />
        <SiteFooter />
      </>,
      settings,
    );
    expect(within(screen.getByRole("navigation", { name: "Footer" }).parentElement!).getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    expect(within(screen.getByRole("form", { name: "Join the mailing list" })).getByRole("link", { name: "How we use your details" })).toHaveAttribute("href", "/privacy#mailing-list");
    expect(within(screen.getByRole("form", { name: "Send us a message" })).getByRole("link", { name: "How we use your details" })).toHaveAttribute("href", "/privacy#contact-messages");
    // the buttons keep the spec's words
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeInTheDocument();
  });
});
