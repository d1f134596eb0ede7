import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import NewsletterPage from "./newsletter-page";

const stats = { total: 3, verified: 2, shows: 2, releases: 1, merch: 0 };

function api(count: number) {
  return fakeApi({
    "GET /api/subscribers/stats": () => json(200, { success: true, data: stats }),
    "GET /api/newsletters": () => json(200, { success: true, data: [] }),
    "POST /api/newsletter/render": (b) => json(200, { success: true, data: { html: `<p>${b.content}</p>`, text: b.content } }),
    "POST /api/newsletter/send": (b) => json(b.previewEmail ? 200 : 202, { success: true, message: "ok", data: { recipients: b.previewEmail ? 1 : count } }),
    ...Object.fromEntries(
      ["true", "false"].flatMap((s) =>
        ["true", "false"].flatMap((r) => ["true", "false"].map((m) => [`GET /api/newsletter/recipients?targetShows=${s}&targetReleases=${r}&targetMerch=${m}`, () => json(200, { success: true, data: { count: s === "true" ? count : 0 } })])),
      ),
    ),
  });
}

describe("newsletter page", () => {
  it("checks subject, content, preview e-mail in the spec's order, sends a preview and keeps the draft", async () => {
    const user = userEvent.setup();
    const { writes } = api(2);
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
    expect(writes()).toHaveLength(1); // only the preview render so far

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
    const { writes } = api(2);
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
    expect(await screen.findByText("Newsletter sent")).toBeInTheDocument();
    const sent = writes().find((c) => c.url === "/api/newsletter/send")!;
    expect(sent.body).toEqual({ subject: "Tour", content: "Dates!", targetShows: true, targetReleases: true, targetMerch: true });
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
    const { fetchMock, writes } = api(2);
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
    expect(screen.getByRole("checkbox", { name: "Shows" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Releases" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Merch" })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole("button", { name: /Send to All Selected Recipients/ })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /Send to All Selected Recipients/ }));
    // (sonner keeps the earlier test's 'Newsletter sent' toast, so the request is what is checked)
    await waitFor(() => expect(writes().find((c) => c.url === "/api/newsletter/send")).toBeTruthy());
    expect(writes().find((c) => c.url === "/api/newsletter/send")!.body).toEqual({
      subject: "New show: Neuse Ghosts at Local 506, Mar 2, 2031",
      content,
      targetShows: true,
      targetReleases: false,
      targetMerch: false,
    });
  });

  it("an unknown show to announce says so and leaves an empty composer", async () => {
    api(2);
    renderAdminPage(<NewsletterPage />, "/subscribers/newsletter?announce=999");
    expect(await screen.findByText("That show could not be loaded, so nothing was drafted.")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("");
  });
});
