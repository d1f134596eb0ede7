import { describe, expect, it } from "vitest";
import { aheadInBandTime, announcementDraft } from "./show-announcement";

const show = { venue: "The Pour House", location: "Raleigh, NC", date: "2026-12-05", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "Ghost Atlas, Kinston Kids", eventUrl: "https://t.example/1?a=1&b=2", status: "scheduled" as const };

describe("announcementDraft", () => {
  it("writes a subject and basic HTML with every detail of the show", () => {
    const { subject, content } = announcementDraft(show, "Tar River Static");
    expect(subject).toBe("New show: Tar River Static at The Pour House, Dec 5, 2026");
    expect(content).toContain("<li><strong>Date:</strong> Sat, Dec 5, 2026</li>");
    expect(content).toContain("<li><strong>Venue:</strong> The Pour House, Raleigh, NC</li>");
    expect(content).toContain("<li><strong>Time:</strong> 8:00 PM</li>");
    expect(content).toContain("<li><strong>Price:</strong> $15.00</li>");
    expect(content).toContain("<li><strong>Age:</strong> 18+</li>");
    expect(content).toContain("<li><strong>With:</strong> Ghost Atlas, Kinston Kids</li>");
    expect(content).toContain('<a href="https://t.example/1?a=1&amp;b=2">Get tickets</a>');
  });

  it("escapes what the admin typed, leaves out empty acts, and names a state other than scheduled", () => {
    const { subject, content } = announcementDraft({ ...show, venue: "<b>Club</b> & Bar", supportingActs: "", status: "sold-out" }, "Band");
    expect(subject).toBe("Sold Out: Band at <b>Club</b> & Bar, Dec 5, 2026");
    expect(content).toContain("&lt;b&gt;Club&lt;/b&gt; &amp; Bar");
    expect(content).not.toContain("<b>Club");
    expect(content).not.toContain("With:");
    // no ticket link for a show that sells none
    expect(content).not.toContain("Get tickets");
  });

  it("before tickets go on sale, says when instead of 'Get tickets' (as the site shows 'On sale <date>')", () => {
    const onSale = aheadInBandTime(new Date("2026-12-01T15:00:00Z"), "America/New_York", new Date("2026-11-28T12:00:00Z"));
    expect(onSale).toBe("Dec 1, 2026 10:00 AM EST");
    const { content } = announcementDraft(show, "Band", onSale);
    expect(content).toContain('<p>Tickets go on sale <strong>Dec 1, 2026 10:00 AM EST</strong>: <a href="https://t.example/1?a=1&amp;b=2">the ticket page</a>.</p>');
    expect(content).not.toContain("Get tickets");
    // once it has passed there is nothing to wait for
    expect(aheadInBandTime(new Date("2026-12-01T15:00:00Z"), "America/New_York", new Date("2026-12-02T00:00:00Z"))).toBeNull();
  });
});
