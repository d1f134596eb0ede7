import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { zonedDateTimeToIso, zonedParts } from "@shared/newsletter-schedule";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import NewsletterPage from "./newsletter-page";

const stats = { total: 3, verified: 2, shows: 2, releases: 1, merch: 0 };

type FakeDraft = Record<string, any> & { id: number; revision: number };

// the autosave's copy of unsaved text lives in localStorage: each test starts without one
afterEach(() => window.localStorage.clear());

/**
 * The fake API: the recipient count is `count` when Shows is chosen, `perRegion` more or less
 * per region when regions are (e.g. { "US-NC": 1 }); drafts are kept in `drafts` (a save against
 * an older revision is a 409, as on the server); anything else answers from `extra`.
 */
function api(
  count: number,
  opts: { perRegion?: Record<string, number>; waiting?: number; newsletters?: unknown[]; drafts?: FakeDraft[]; extra?: Record<string, (body: any) => Response> } = {},
) {
  const fake = fakeApi({
    "GET /api/subscribers/stats": () => json(200, { success: true, data: stats }),
    "GET /api/newsletters": () => json(200, { success: true, data: opts.newsletters ?? [] }),
    "POST /api/newsletter/render": (b) => json(200, { success: true, data: { html: `<p>${b.content}</p>`, text: b.content } }),
    "POST /api/newsletter/send": (b) => json(b.previewEmail ? 200 : 202, { success: true, message: b.scheduledAt ? "Newsletter scheduled for Fri, Dec 5, 7:00 PM CST" : "ok", data: { recipients: b.previewEmail ? 1 : count } }),
    ...opts.extra,
  });
  const base = fake.fetchMock.getMockImplementation()!;
  const drafts = new Map<number, FakeDraft>((opts.drafts ?? []).map((d) => [d.id, d]));
  let nextId = 100;
  fake.fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/api/newsletter/drafts") && !opts.extra?.[`${init?.method ?? "GET"} ${url}`]) {
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      fake.calls.push({ method, url, body });
      const id = Number(url.split("/").pop());
      const now = new Date().toISOString();
      if (url === "/api/newsletter/drafts") {
        if (method === "GET") return json(200, { success: true, data: [...drafts.values()] });
        const made = { regions: [], scheduledAt: null, ...body, id: nextId++, revision: 1, createdBy: "admin", updatedBy: "admin", createdAt: now, updatedAt: now };
        drafts.set(made.id, made);
        return json(201, { success: true, message: "Draft saved", data: made });
      }
      const found = drafts.get(id);
      if (!found) return json(404, { success: false, message: "This draft is no longer there: it was sent, scheduled or discarded, perhaps on another screen." });
      if (method === "GET") return json(200, { success: true, data: found });
      if (method === "DELETE") {
        drafts.delete(id);
        return json(200, { success: true, message: "Draft discarded", data: { id, subject: found.subject } });
      }
      if (body.revision !== undefined && body.revision !== found.revision) return json(409, { success: false, message: "jamie saved a newer version of this draft (Thu, Nov 26, 8:14 PM EST). Your changes here are not saved yet." });
      const { revision: _seen, ...fields } = body;
      const saved = { ...found, ...fields, revision: found.revision + 1, updatedBy: "admin", updatedAt: now };
      drafts.set(id, saved);
      return json(200, { success: true, message: "Draft saved", data: saved });
    }
    if (!url.startsWith("/api/newsletter/recipients?")) return base(url, init);
    fake.calls.push({ method: "GET", url, body: undefined });
    const q = new URLSearchParams(url.split("?")[1]);
    const regions = q.get("regions")?.split(",") ?? [];
    const n = q.get("targetShows") !== "true" ? 0 : regions.length ? regions.reduce((sum, r) => sum + (opts.perRegion?.[r] ?? 0), 0) : count;
    return json(200, { success: true, data: { count: n, waiting: opts.waiting ?? 0 } });
  });
  /** the last real send's body, without the draft it came from (whether the autosave had saved one by then depends on timing) */
  const sentBody = () => {
    const { draftId: _draft, ...body } = fake.writes().find((c) => c.url === "/api/newsletter/send")!.body;
    return body;
  };
  return { ...fake, drafts, sentBody, notDrafts: () => fake.writes().filter((c) => !c.url.startsWith("/api/newsletter/drafts")) };
}

/** Answers 'Send to N fans?' for a few fans: the tick, then Send (or Schedule). */
async function confirmFew(user: UserEvent, n: number, button = "Send") {
  const dialog = await screen.findByRole("dialog", { name: `${button === "Schedule" ? "Schedule for" : "Send to"} ${n} fan${n === 1 ? "" : "s"}?` });
  await user.click(within(dialog).getByRole("checkbox"));
  await user.click(within(dialog).getByRole("button", { name: button }));
}

describe("newsletter page", () => {
  it("checks subject, content, preview e-mail in the spec's order, sends a preview and keeps the draft", async () => {
    const user = userEvent.setup();
    const { writes, notDrafts } = api(2);
    renderAdminPage(<NewsletterPage />);
    await user.click(screen.getByRole("tab", { name: /Preview/ }));
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Missing subject")).toBeInTheDocument();
    expect(screen.getByText("Please enter a subject for your newsletter.")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /Compose/ }));
    await user.type(screen.getByLabelText("Subject"), "Tour");
    await user.click(screen.getByRole("tab", { name: /Preview/ }));
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Missing content")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /Compose/ }));
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Preview/ }));
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Missing email")).toBeInTheDocument();
    expect(notDrafts()).toHaveLength(1); // only the preview render so far (and the draft's autosaves)

    await user.type(screen.getByLabelText("Preview Email"), "me@band.com");
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Preview sent")).toBeInTheDocument();
    const sent = writes().find((c) => c.url === "/api/newsletter/send")!;
    expect(sent.body).toMatchObject({ subject: "Tour", content: "Dates!", previewEmail: "me@band.com" });
    await user.click(screen.getByRole("tab", { name: /Compose/ }));
    expect(screen.getByLabelText("Subject")).toHaveValue("Tour");
  });

  it("shows the live recipient count, refuses zero recipients, and a real send clears the draft", async () => {
    const user = userEvent.setup();
    const { sentBody } = api(2);
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Tour");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("2 recipient(s) selected"));
    await user.click(screen.getByRole("checkbox", { name: "Shows" }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("0 recipient(s) selected"));
    expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Shows" }));
    await waitFor(() => expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    await confirmFew(user, 2);
    expect(await screen.findByText("Newsletter sent")).toBeInTheDocument();
    expect(sentBody()).toEqual({ subject: "Tour", content: "Dates!", targetShows: true, targetReleases: true, targetMerch: true });
    await user.click(screen.getByRole("tab", { name: /Compose/ }));
    expect(screen.getByLabelText("Subject")).toHaveValue("");
    expect(screen.getByLabelText("Content")).toHaveValue("");
  });

  it("a refused preview address shows the server's words, not its field name; a dead server gives the spec's fallback", async () => {
    const user = userEvent.setup();
    const { fetchMock } = api(2);
    const base = fetchMock.getMockImplementation()!;
    let answer = json(400, { success: false, message: "previewEmail: Please enter a valid email address", errors: { previewEmail: "Please enter a valid email address" } });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => (url === "/api/newsletter/send" ? answer.clone() : base(url, init)));
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Tour");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Preview/ }));
    await user.type(screen.getByLabelText("Preview Email"), "me@band");
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.queryByText(/previewEmail:/)).not.toBeInTheDocument();
    answer = new Response("oops", { status: 500 });
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    expect(await screen.findByText("Failed to send newsletter. Try again later.")).toBeInTheDocument();
  });

  it("?announce={id} opens the composer with the show drafted and only the Shows interest selected; it sends as usual", async () => {
    const user = userEvent.setup();
    const { fetchMock, writes, sentBody } = api(2, { perRegion: { "US-NC": 1 } });
    const base = fetchMock.getMockImplementation()!;
    const show = { id: 4, venue: "Local 506", location: "Chapel Hill, NC", date: "2031-03-02", time: "9:00 PM", price: "12", ageRestriction: "18+", supportingActs: "Ghost Atlas", eventUrl: "https://t.example/506", status: "scheduled", revision: 0 };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === "/api/shows/4") return json(200, { success: true, data: show });
      if (url === "/api/settings/band-name") return json(200, { success: true, data: { key: "band-name", value: "Neuse Ghosts" } });
      return base(url, init);
    });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?announce=4");
    expect(await screen.findByLabelText("Subject")).toHaveValue("New show: Neuse Ghosts at Local 506, Mar 2, 2031");
    const content = (screen.getByLabelText("Content") as HTMLTextAreaElement).value;
    for (const part of ["Sun, Mar 2, 2031", "Local 506, Chapel Hill, NC", "9:00 PM", "$12.00", "18+", "Ghost Atlas", '<a href="https://t.example/506">Get tickets</a>']) expect(content).toContain(part);
    expect(screen.getByText(/^Drafted from the show at Local 506 on Mar 2, 2031\./)).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /Send/ }));
    // the show is in Chapel Hill, NC: only fans in North Carolina are preselected
    expect(screen.getByRole("button", { name: "Remove North Carolina" })).toBeInTheDocument();
    expect(screen.getByText(/only subscribers interested in Shows in North Carolina are selected/)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Shows" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Releases" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Merch" })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    await confirmFew(user, 1);
    // (sonner keeps the earlier test's 'Newsletter sent' toast, so the request is what is checked)
    await waitFor(() => expect(writes().find((c) => c.url === "/api/newsletter/send")).toBeTruthy());
    expect(sentBody()).toEqual({
      subject: "New show: Neuse Ghosts at Local 506, Mar 2, 2031",
      content,
      targetShows: true,
      targetReleases: false,
      targetMerch: false,
      regions: ["US-NC"],
    });
  });

  it("an unknown show to announce says so and leaves an empty composer", async () => {
    api(2);
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?announce=999");
    expect(await screen.findByText("That show could not be loaded, so nothing was drafted.")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("");
  });

  it("chosen regions change the recipient count request, can be removed again, and go with the send", async () => {
    const user = userEvent.setup();
    const { calls, writes } = api(5, { perRegion: { "US-NC": 2, "US-SC": 1 } });
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Carolina dates");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    expect(screen.getByText("Everyone (no region chosen)")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("5 recipient(s) selected"));

    const addButton = screen.getByRole("button", { name: /Add region/ });
    expect(addButton).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Region to add"), "US-SC");
    await user.click(addButton);
    await user.selectOptions(screen.getByLabelText("Region to add"), "US-NC");
    await user.click(addButton);
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("3 recipient(s) selected"));
    // the choice travels in the count's URL (sorted, so the order of picking does not matter)
    expect(calls.some((c) => c.url.endsWith("&regions=US-NC%2CUS-SC"))).toBe(true);
    expect(screen.queryByText("Everyone (no region chosen)")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove South Carolina" }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("2 recipient(s) selected"));
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    await confirmFew(user, 2);
    await waitFor(() => expect(writes().find((c) => c.url === "/api/newsletter/send")).toBeTruthy());
    expect(writes().find((c) => c.url === "/api/newsletter/send")!.body).toMatchObject({ subject: "Carolina dates", regions: ["US-NC"] });
  });

  it("Schedule sends scheduledAt: the date and time read in the band's time zone, with its offset", async () => {
    const user = userEvent.setup();
    const { sentBody } = api(2, { extra: { "GET /api/settings/timezone": () => json(200, { success: true, data: { key: "timezone", value: "America/Chicago" } }) } });
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Later");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await user.click(screen.getByRole("radio", { name: "Schedule" }));
    expect(await screen.findByText(/Time zone: America\/Chicago \(C[SD]T\)/)).toBeInTheDocument();

    const date = zonedParts(new Date(Date.now() + 3 * 24 * 3600 * 1000), "America/Chicago").date;
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), date);
    await user.clear(screen.getByLabelText("Time"));
    await user.type(screen.getByLabelText("Time"), "20:30");
    await user.click(screen.getByRole("button", { name: /Schedule Newsletter/ }));
    // a schedule says so (issue 21)
    const dialog = await screen.findByRole("dialog", { name: "Schedule for 2 fans?" });
    // 'When' is the chosen time in the band's zone
    expect(dialog).toHaveTextContent(/When\w{3}, \w{3} \d{1,2}(, \d{4})?, 8:30 PM C[SD]T/);
    await confirmFew(user, 2, "Schedule");
    expect(await screen.findByText("Newsletter scheduled for Fri, Dec 5, 7:00 PM CST")).toBeInTheDocument();
    expect(sentBody()).toEqual({ subject: "Later", content: "Dates!", targetShows: true, targetReleases: true, targetMerch: true, scheduledAt: zonedDateTimeToIso(date, "20:30", "America/Chicago") });
    expect(sentBody().scheduledAt).toMatch(/^\d{4}-\d{2}-\d{2}T20:30:00-0[56]:00$/);
  });

  it("a time in the past is refused before anything is sent", async () => {
    const user = userEvent.setup();
    const { writes } = api(2);
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Late");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await user.click(screen.getByRole("radio", { name: "Schedule" }));
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), "2020-01-01");
    expect(await screen.findByText("Choose a time in the future.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Schedule Newsletter/ })).toBeDisabled();
    expect(writes().filter((c) => c.url === "/api/newsletter/send")).toHaveLength(0);
  });

  it("lists scheduled newsletters with their time and regions, and cancels one after a confirm", async () => {
    const user = userEvent.setup();
    const scheduled = {
      id: 7, subject: "Greenville show", status: "scheduled", regions: ["US-NC", "DE"], scheduledAt: "2031-01-10T00:00:00.000Z",
      totalRecipients: 0, sent: 0, failed: 0, pending: 0, unknown: 0, skipped: 0, createdAt: "2030-12-01T00:00:00.000Z", completedAt: null,
    };
    const { writes } = api(2, { newsletters: [scheduled], extra: { "POST /api/newsletters/7/cancel": () => json(200, { success: true, message: "Scheduled newsletter cancelled" }) } });
    renderAdminPage(<NewsletterPage />);
    const item = await screen.findByTestId("scheduled-newsletter");
    expect(item).toHaveTextContent("Greenville show");
    expect(item).toHaveTextContent("Thu, Jan 9, 2031, 7:00 PM EST");
    expect(item).toHaveTextContent("To: North Carolina, Germany");
    // it waits in this list, not in Delivery Progress
    expect(screen.queryByTestId("newsletter-progress")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel scheduled newsletter Greenville show" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("'Greenville show' will not be sent.");
    await user.click(screen.getByRole("button", { name: "Cancel newsletter" }));
    expect(await screen.findByText("Scheduled newsletter cancelled")).toBeInTheDocument();
    expect(writes().some((c) => c.url === "/api/newsletters/7/cancel" && c.method === "POST")).toBe(true);
  });

  it("says so when there is nothing scheduled", async () => {
    api(2);
    renderAdminPage(<NewsletterPage />);
    expect(await screen.findByText(/Nothing scheduled\./)).toBeInTheDocument();
  });
});

describe("'Send to N fans?' before a real send (issue 13)", () => {
  it("says how many more match but have not confirmed their address (issue 21)", async () => {
    const user = userEvent.setup();
    api(2, { waiting: 120 });
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Imported fans");
    await user.type(screen.getByLabelText("Content"), "Hello");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("2 recipient(s) selected"));
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    const dialog = await screen.findByRole("dialog", { name: "Send to 2 fans?" });
    expect(dialog).toHaveTextContent("2 fans match; 120 more are waiting to confirm their address.");
  });

  it("repeats what will be sent and enables Send only when the number is typed; Cancel sends nothing", async () => {
    const user = userEvent.setup();
    const { writes } = api(250);
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Spring tour");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await user.click(screen.getByRole("checkbox", { name: "Merch" }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("250 recipient(s) selected"));
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));

    const dialog = await screen.findByRole("dialog", { name: "Send to 250 fans?" });
    expect(dialog).toHaveTextContent("SubjectSpring tour");
    expect(dialog).toHaveTextContent("InterestsShows, Releases");
    expect(dialog).toHaveTextContent("RegionsEveryone");
    expect(dialog).toHaveTextContent("Whennow");
    const send = within(dialog).getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    const number = within(dialog).getByLabelText("Type 250 to confirm");
    await user.type(number, "25");
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes().filter((c) => c.url === "/api/newsletter/send")).toHaveLength(0);

    // asked again, it starts empty; the typed number sends (Enter works too)
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    const again = await screen.findByRole("dialog", { name: "Send to 250 fans?" });
    expect(within(again).getByLabelText("Type 250 to confirm")).toHaveValue("");
    await user.type(within(again).getByLabelText("Type 250 to confirm"), "250");
    expect(within(again).getByRole("button", { name: "Send" })).toBeEnabled();
    await user.keyboard("{Enter}");
    // (sonner keeps earlier tests' 'Newsletter sent' toasts: this one is told by its count)
    expect(await screen.findByText("Sending to 250 subscribers.")).toBeInTheDocument();
    expect(writes().filter((c) => c.url === "/api/newsletter/send")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a few fans confirm with a tick, and the dialog names the chosen regions", async () => {
    const user = userEvent.setup();
    const { writes } = api(5, { perRegion: { "US-NC": 3 } });
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Raleigh");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await user.selectOptions(screen.getByLabelText("Region to add"), "US-NC");
    await user.click(screen.getByRole("button", { name: /Add region/ }));
    await waitFor(() => expect(screen.getByText(/recipient\(s\) selected/).textContent).toBe("3 recipient(s) selected"));
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    const dialog = await screen.findByRole("dialog", { name: "Send to 3 fans?" });
    expect(dialog).toHaveTextContent("RegionsNorth Carolina");
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: "Yes, send it to 3 fans" }));
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(writes().filter((c) => c.url === "/api/newsletter/send")).toHaveLength(1));
  });

  it("a preview is sent without asking", async () => {
    const user = userEvent.setup();
    const { writes } = api(250);
    renderAdminPage(<NewsletterPage />);
    await user.type(screen.getByLabelText("Subject"), "Tour");
    await user.type(screen.getByLabelText("Content"), "Dates!");
    await user.click(screen.getByRole("tab", { name: /Preview/ }));
    await user.type(screen.getByLabelText("Preview Email"), "me@band.com");
    await user.click(screen.getByRole("button", { name: /Send Preview/ }));
    await waitFor(() => expect(writes().filter((c) => c.url === "/api/newsletter/send")).toHaveLength(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

const aDraft = (over: Partial<FakeDraft> = {}): FakeDraft => ({
  id: 5,
  subject: "Spring tour",
  content: "We are coming home.",
  targetShows: true,
  targetReleases: false,
  targetMerch: true,
  regions: ["US-NC"],
  scheduledAt: null,
  revision: 3,
  createdBy: "admin",
  updatedBy: "jamie",
  createdAt: "2026-11-20T18:00:00.000Z",
  updatedAt: "2026-11-26T01:14:00.000Z",
  ...over,
});

describe("drafts on the server (issue 21)", () => {
  it("saves as the band types ('Draft saved'), puts the draft in the URL, and a reload opens it again", async () => {
    const user = userEvent.setup();
    const { calls, drafts } = api(2);
    const first = renderAdminPage(<NewsletterPage />, "/subscribers/newsletter");
    expect(screen.getByText("Drafts are saved as you write.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Subject"), "Fall tour");
    await user.type(screen.getByLabelText("Content"), "Ten cities.");
    expect(await screen.findByText(/^Draft saved · \d{1,2}:\d{2} [AP]M$/, undefined, { timeout: 4000 })).toBeInTheDocument();
    const created = calls.filter((c) => c.method === "POST" && c.url === "/api/newsletter/drafts");
    expect(created).toHaveLength(1);
    expect([...drafts.values()][0]).toMatchObject({ subject: "Fall tour", content: "Ten cities.", targetShows: true, regions: [], scheduledAt: null });
    expect(first.location.history?.at(-1)).toBe("/subscribers/newsletter?draft=100");
    // it is listed, marked as the one open
    const item = await screen.findByTestId("newsletter-draft");
    expect(item).toHaveTextContent("Fall tour");
    expect(item).toHaveTextContent("Open above");

    // more typing: saved over the same draft, with the revision it saw
    await user.type(screen.getByLabelText("Subject"), "!");
    await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.url === "/api/newsletter/drafts/100" && c.body.subject === "Fall tour!" && c.body.revision === 1)).toBe(true), { timeout: 4000 });
    await waitFor(() => expect(screen.getByText(/^Draft saved ·/)).toBeInTheDocument());
    first.unmount();

    // the reload: the same URL opens the draft as the server has it
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?draft=100");
    expect(await screen.findByLabelText("Subject")).toHaveValue("Fall tour!");
    expect(screen.getByLabelText("Content")).toHaveValue("Ten cities.");
  });

  it("another band member's draft opens from the list with its audience and time", async () => {
    const user = userEvent.setup();
    const at = zonedDateTimeToIso(zonedParts(new Date(Date.now() + 5 * 24 * 3600 * 1000), "America/New_York").date, "19:30", "America/New_York")!;
    api(2, { drafts: [aDraft({ scheduledAt: at })] });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter");
    const item = await screen.findByTestId("newsletter-draft");
    expect(item).toHaveTextContent("Spring tour");
    expect(item).toHaveTextContent(/Last edited by jamie, Nov 2[56], 2026/);
    expect(screen.getByText(/^The band has a draft waiting/)).toHaveTextContent("The band has a draft waiting: see Drafts.");
    await user.click(within(item).getByRole("button", { name: "Open draft Spring tour" }));
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Spring tour"));
    expect(screen.getByLabelText("Content")).toHaveValue("We are coming home.");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    expect(screen.getByRole("checkbox", { name: "Releases" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Remove North Carolina" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Schedule" })).toBeChecked();
    expect(screen.getByLabelText("Time")).toHaveValue("19:30");
  });

  it("a failed save says so and keeps the text on this device; the next visit restores it and saves it", async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = api(2);
    const working = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => (url === "/api/newsletter/drafts" && init?.method === "POST" ? new Response("down", { status: 502 }) : working(url, init)));
    const first = renderAdminPage(<NewsletterPage />, "/subscribers/newsletter");
    await user.type(screen.getByLabelText("Subject"), "Lost?");
    await user.type(screen.getByLabelText("Content"), "Not lost.");
    expect(await screen.findByText(/^Could not save the draft: .* Your text is kept on this device\.$/, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("Lost?");
    first.unmount();

    // the server is back: the page opens with the text from this device, and saves it
    fetchMock.mockImplementation(working);
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter");
    expect(screen.getByLabelText("Subject")).toHaveValue("Lost?");
    expect(screen.getByLabelText("Content")).toHaveValue("Not lost.");
    expect(screen.getByText("Restored what this device could not save to the server yet. It is saved again now.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/newsletter/drafts" && c.body.subject === "Lost?")).toBe(true), { timeout: 4000 });
    expect(await screen.findByText(/^Draft saved ·/)).toBeInTheDocument();
  });

  it("a newer save from elsewhere stops the autosave and offers Keep mine or Load theirs", async () => {
    const user = userEvent.setup();
    const { calls, drafts } = api(2, { drafts: [aDraft()] });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?draft=5");
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Spring tour"));
    // jamie saves on their phone meanwhile
    drafts.set(5, { ...drafts.get(5)!, subject: "Jamie's spring tour", revision: 4 });
    await user.type(screen.getByLabelText("Subject"), " dates");
    expect(await screen.findByText(/^jamie saved a newer version of this draft \(.*\)\. Your changes here are not saved yet\. Your text is still here\.$/, undefined, { timeout: 4000 })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load theirs" }));
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Jamie's spring tour"));

    // the same again, and this time Keep mine saves over theirs
    drafts.set(5, { ...drafts.get(5)!, subject: "Jamie again", revision: 9 });
    await user.type(screen.getByLabelText("Subject"), "!");
    await user.click(await screen.findByRole("button", { name: "Keep mine" }, { timeout: 4000 }));
    await waitFor(() => expect(drafts.get(5)!.subject).toBe("Jamie's spring tour!"));
    expect(calls.filter((c) => c.method === "PUT").at(-1)!.body.revision).toBeUndefined();
    expect(await screen.findByText(/^Draft saved ·/)).toBeInTheDocument();
  });

  it("discarding a draft asks first; Keep it keeps it, Discard draft deletes it and empties the composer", async () => {
    const user = userEvent.setup();
    const { calls, drafts } = api(2, { drafts: [aDraft()] });
    const { location } = renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?draft=5");
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Spring tour"));
    await user.click(screen.getByRole("button", { name: "Discard draft" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Discard this draft?");
    expect(dialog).toHaveTextContent("'Spring tour' will be deleted for everyone in the band. This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Discard draft" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard draft" }));
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue(""));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/newsletter/drafts/5"]);
    expect(drafts.size).toBe(0);
    expect(location.history?.at(-1)).toBe("/subscribers/newsletter");
    await new Promise((r) => setTimeout(r, 1500)); // no autosave brings it back
    expect(calls.filter((c) => c.url.startsWith("/api/newsletter/drafts") && (c.method === "POST" || c.method === "PUT"))).toHaveLength(0);
  });

  it("sending uses up the draft: the send names it, and nothing is saved after", async () => {
    const user = userEvent.setup();
    const { calls, writes } = api(2, { drafts: [aDraft({ regions: [] })] });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?draft=5");
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Spring tour"));
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    await confirmFew(user, 2);
    await waitFor(() => expect(writes().find((c) => c.url === "/api/newsletter/send")).toBeTruthy());
    expect(writes().find((c) => c.url === "/api/newsletter/send")!.body).toMatchObject({ subject: "Spring tour", draftId: 5 });
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue(""));
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.url.startsWith("/api/newsletter/drafts") && c.method !== "GET")).toHaveLength(0);
  });
});

describe("a draft keeps the fans near a show (issue 24)", () => {
  it("opens with the radius it was saved with, and the send carries it", async () => {
    const user = userEvent.setup();
    const pourHouse = { id: 12, venue: "The Pour House", location: "Raleigh, NC", date: "2031-05-02", time: "8:00 PM", lat: 35.77, lng: -78.64 };
    const { writes, calls } = api(2, {
      drafts: [aDraft({ regions: [], near: { showId: 12, miles: 60 } })],
      extra: {
        "GET /api/shows?upcoming=true": () => json(200, { success: true, data: [pourHouse] }),
      },
    });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?draft=5");
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Spring tour"));
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    expect(screen.getByLabelText("Only fans who live near a show")).toBeChecked();
    expect(screen.getByLabelText("Miles from the venue")).toHaveValue(60);
    await waitFor(() => expect(screen.getByLabelText("The show")).toHaveValue("12"));
    // the count asks for the fans near the show
    await waitFor(() => expect(calls.some((c) => c.url.startsWith("/api/newsletter/recipients?") && c.url.includes("nearShowId=12&nearMiles=60"))).toBe(true));
    await waitFor(() => expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    await confirmFew(user, 2);
    await waitFor(() => expect(writes().find((c) => c.url === "/api/newsletter/send")).toBeTruthy());
    expect(writes().find((c) => c.url === "/api/newsletter/send")!.body).toMatchObject({ near: { showId: 12, miles: 60 }, draftId: 5 });
  });
});

describe("editing a scheduled newsletter (issue 21)", () => {
  const at = "2031-01-10T00:00:00.000Z";
  const scheduled = {
    id: 7, subject: "Greenville show", status: "scheduled", regions: ["US-NC"], scheduledAt: at,
    totalRecipients: 0, sent: 0, failed: 0, pending: 0, unknown: 0, skipped: 0, createdAt: "2030-12-01T00:00:00.000Z", completedAt: null,
  };
  const details = { ...scheduled, content: "Doors at 8.", targetShows: true, targetReleases: false, targetMerch: false, unknownRecipients: [] };

  it("opens from the Scheduled list with its words, audience and time, and saves the changes (no draft is made)", async () => {
    const user = userEvent.setup();
    const { writes, calls } = api(2, {
      newsletters: [scheduled],
      extra: {
        "GET /api/newsletters/7": () => json(200, { success: true, data: details }),
        "PUT /api/newsletters/7": (b) => json(200, { success: true, message: "Changes saved: it goes out Sat, Jan 11, 2031, 7:00 PM EST", data: { ...details, ...b } }),
      },
    });
    const { location } = renderAdminPage(<NewsletterPage />, "/subscribers/newsletter");
    await user.click(await screen.findByRole("button", { name: "Edit scheduled newsletter Greenville show" }));
    expect(await screen.findByRole("heading", { name: "Editing a scheduled newsletter" })).toBeInTheDocument();
    expect(screen.getByText(/'Greenville show' goes out Thu, Jan 9, 2031, 7:00 PM EST\./)).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/subscribers/newsletter?edit=7");
    expect(screen.getByTestId("scheduled-newsletter")).toHaveTextContent("Editing above");
    expect(screen.getByLabelText("Subject")).toHaveValue("Greenville show");
    expect(screen.getByLabelText("Content")).toHaveValue("Doors at 8.");

    await user.clear(screen.getByLabelText("Subject"));
    await user.type(screen.getByLabelText("Subject"), "Greenville: moved to Saturday");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    // it stays scheduled: no 'Send now'
    expect(screen.queryByRole("radio", { name: "Send now" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue("2031-01-09");
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), "2031-01-11");
    await user.click(screen.getByRole("checkbox", { name: "Merch" }));
    await user.click(screen.getByRole("button", { name: /Save Changes/ }));
    expect(await screen.findByText("Changes saved: it goes out Sat, Jan 11, 2031, 7:00 PM EST")).toBeInTheDocument();
    expect(writes().find((c) => c.url === "/api/newsletters/7")!.body).toEqual({
      subject: "Greenville: moved to Saturday",
      content: "Doors at 8.",
      targetShows: true,
      targetReleases: false,
      targetMerch: true,
      regions: ["US-NC"],
      scheduledAt: "2031-01-11T19:00:00-05:00",
    });
    // back to an empty composer; nothing of this became a draft
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue(""));
    expect(location.history?.at(-1)).toBe("/subscribers/newsletter");
    expect(calls.filter((c) => c.url.startsWith("/api/newsletter/drafts") && c.method !== "GET")).toHaveLength(0);
  });

  it("once it has started, the save says so and the changes can be kept as a draft", async () => {
    const user = userEvent.setup();
    const { drafts } = api(2, {
      newsletters: [scheduled],
      extra: {
        "GET /api/newsletters/7": () => json(200, { success: true, data: details }),
        "PUT /api/newsletters/7": () => json(409, { success: false, message: "This newsletter has already started sending and can no longer be changed." }),
      },
    });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?edit=7");
    await user.type(await screen.findByLabelText("Content"), " Bring earplugs.");
    await user.click(screen.getByRole("tab", { name: /Send/ }));
    await user.click(screen.getByRole("button", { name: /Save Changes/ }));
    const alert = await screen.findByText(/^This newsletter has already started sending and can no longer be changed\. Your changes are still here\./);
    await user.click(within(alert).getByRole("button", { name: "Keep them as a draft" }));
    await waitFor(() => expect(drafts.size).toBe(1));
    expect([...drafts.values()][0]).toMatchObject({ subject: "Greenville show", content: "Doors at 8. Bring earplugs." });
  });

  it("a newsletter that has started opens with a notice instead of the editor", async () => {
    api(2, { extra: { "GET /api/newsletters/7": () => json(200, { success: true, data: { ...details, status: "sending" } }) } });
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?edit=7");
    expect(await screen.findByText("'Greenville show' has already started sending, so it can no longer be changed.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Editing a scheduled newsletter" })).not.toBeInTheDocument();
  });
});
