import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Subscriber } from "@shared/api/subscribers";
import { fakeApi, json, renderAdminPage, type Call } from "@client/test/render-admin-page";
import SubscribersPage from "./subscribers-page";

const fan = (id: number, over: Partial<Subscriber> = {}): Subscriber => ({
  id,
  name: `Fan ${id}`,
  email: `fan${id}@example.com`,
  showsInterest: true,
  releasesInterest: false,
  merchInterest: false,
  isVerified: true,
  isSubscribed: true,
  verifiedAt: "2024-01-05T12:00:00.000Z",
  subscribedAt: "2024-01-05T12:00:00.000Z",
  region: "US-NC",
  bouncedAt: null,
  bounceReason: null,
  consentSource: "form",
  ...over,
});

/** Answers every GET /api/subscribers?... with `answer(params)`; records the calls. */
function api(answer: (params: URLSearchParams) => { rows: Subscriber[]; total: number }) {
  const routes = new Proxy({} as Record<string, (body: unknown, url: string) => Response>, {
    get: (_target, key: string) => {
      if (key.startsWith("GET /api/subscribers?")) {
        return (_body: unknown, url: string) => {
          const params = new URL(url, "http://x").searchParams;
          const { rows, total } = answer(params);
          return json(200, { success: true, data: rows, page: { total, page: Number(params.get("page")), pageSize: Number(params.get("pageSize")) } });
        };
      }
      if (key.startsWith("POST /api/subscribers/")) return () => json(200, { success: true, message: "Subscriber reactivated", data: fan(2) });
      return undefined;
    },
  });
  return fakeApi(routes);
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/subscribers?")).map((c) => new URL(c.url, "http://x").searchParams);

describe("subscribers page (server-side table)", () => {
  it("asks for the first page newest first, shows the rows with their region and the range", async () => {
    const { calls } = api(() => ({ rows: [fan(1), fan(2, { name: null, region: null })], total: 12345 }));
    renderAdminPage(<SubscribersPage />);
    expect(await screen.findByText("Fan 1")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Subscribers" })).getByText("North Carolina")).toBeInTheDocument();
    expect(screen.getByText("Not provided")).toBeInTheDocument();
    expect(screen.getByText("1–50 of 12,345")).toBeInTheDocument();
    const [first] = listCalls(calls);
    expect(Object.fromEntries(first)).toEqual({ sort: "subscribedAt", dir: "desc", page: "1", pageSize: "50" });
    expect(screen.getByRole("columnheader", { name: /Subscribed/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("searches with q after typing stops, and pages with Next / Previous", async () => {
    const user = userEvent.setup();
    const { calls } = api((p) => ({ rows: [fan(Number(p.get("page")) * 100)], total: 120 }));
    renderAdminPage(<SubscribersPage />);
    await screen.findByText("Fan 100");
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(await screen.findByText("51–100 of 120")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.get("page")).toBe("2");

    await user.type(screen.getByLabelText("Search"), "ana@");
    await waitFor(() => expect(listCalls(calls).at(-1)!.get("q")).toBe("ana@"));
    // one request for the pause, not one per key; and a new search starts on page 1
    expect(listCalls(calls).filter((p) => p.has("q"))).toHaveLength(1);
    expect(listCalls(calls).at(-1)!.get("page")).toBe("1");
  });

  it("a header click sorts by that column, a second click turns the order round", async () => {
    const user = userEvent.setup();
    const { calls } = api(() => ({ rows: [fan(1)], total: 1 }));
    renderAdminPage(<SubscribersPage />);
    await screen.findByText("Fan 1");
    await user.click(screen.getByRole("button", { name: "Name" }));
    await waitFor(() => expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending"));
    expect(Object.fromEntries(listCalls(calls).at(-1)!)).toMatchObject({ sort: "name", dir: "asc" });
    await user.click(screen.getByRole("button", { name: "Name" }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get("dir")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("filters by status and region; no match offers to clear the filters", async () => {
    const user = userEvent.setup();
    const { calls } = api((p) => (p.has("status") ? { rows: [], total: 0 } : { rows: [fan(1)], total: 1 }));
    renderAdminPage(<SubscribersPage />);
    await screen.findByText("Fan 1");
    await user.selectOptions(screen.getByLabelText("Region"), "US-NC");
    await waitFor(() => expect(listCalls(calls).at(-1)!.get("region")).toBe("US-NC"));
    await user.selectOptions(screen.getByLabelText("Status"), "bounced");
    expect(await screen.findByText("No subscribers match")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.get("status")).toBe("bounced");
    const empty = screen.getByText("No subscribers match").parentElement!;
    await user.click(within(empty).getByRole("button", { name: "Clear filters" }));
    // the unfiltered first page again (from the cache: no new request needed)
    expect(await screen.findByText("Fan 1")).toBeInTheDocument();
    expect(screen.getByLabelText("Region")).toHaveValue("");
    expect(screen.getByLabelText("Status")).toHaveValue("");
  });

  it("shows a bounce with its reason and reactivates the address", async () => {
    const user = userEvent.setup();
    const { calls } = api(() => ({ rows: [fan(2, { bouncedAt: "2024-02-01T00:00:00.000Z", bounceReason: "550 5.1.1 User unknown" })], total: 1 }));
    renderAdminPage(<SubscribersPage />);
    const badge = await screen.findByTitle("550 5.1.1 User unknown");
    expect(badge).toHaveTextContent("Bounced");
    await user.click(screen.getByRole("button", { name: "Reactivate fan2@example.com" }));
    expect(await screen.findByText("Subscriber reactivated")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/subscribers/2/reactivate")).toBe(true);
  });

  it("shows the spec's texts when the list is empty or fails", async () => {
    api(() => ({ rows: [], total: 0 }));
    renderAdminPage(<SubscribersPage />);
    expect(await screen.findByText("No subscribers found. Share your mailing list signup form to grow your audience.")).toBeInTheDocument();
  });

  it("the delete dialog keeps the spec's texts and names the fan it removes", async () => {
    const user = userEvent.setup();
    api(() => ({ rows: [fan(1), fan(2, { name: null })], total: 2 }));
    renderAdminPage(<SubscribersPage />);
    await user.click(await screen.findByRole("button", { name: "Delete fan1@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm Deletion" });
    expect(dialog).toHaveAccessibleDescription(
      "Are you sure you want to remove this subscriber from your mailing list? This action cannot be undone. Fan 1 (fan1@example.com) will no longer get your mail.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Delete fan2@example.com" }));
    expect(await screen.findByRole("alertdialog", { name: "Confirm Deletion" })).toHaveAccessibleDescription(/ fan2@example\.com will no longer get your mail\.$/);
  });
});
