import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Show } from "@shared/api/shows";
import { todayIso } from "@shared/format";
import type { FormAnswer } from "@shared/page-render";
import { PRESALE_ANSWER } from "@shared/show-sale";
import { FormAnswerContext } from "@client/lib/form-answer";
import { PageAsOfContext } from "@client/lib/page-day";
import { createQueryClient } from "@client/lib/query-client";
import { fakeApi, json } from "@client/test/render-admin-page";
import { ShowList } from "./show-list";

afterEach(() => vi.unstubAllGlobals());

const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const show = (id: number, venue: string, extra: Partial<Show> = {}): Show => ({
  id, venue, date: day(10 + id), location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: `https://tickets.example/${id}`,
  status: "scheduled", revision: 0, createdAt: "", updatedAt: "", onSaleAt: null, presaleStartsAt: null, hasPresale: false, lat: null, lng: null, ...extra,
});
const settings = {
  "GET /api/settings/timezone": () => json(200, { success: true, data: { key: "timezone", value: "America/Chicago" } }),
  "GET /api/settings/band-name": () => json(200, { success: true, data: { key: "band-name", value: "Neuse Ghosts" } }),
};

/** `ssr`: rendered to a string, as the server does (the router reads its path as the server's entry gives it) */
function Providers({ children, asOf = null, answer = null, path = "/", ssr = false }: { children: ReactNode; asOf?: number | null; answer?: FormAnswer | null; path?: string; ssr?: boolean }) {
  const location = memoryLocation({ path });
  return (
    <QueryClientProvider client={createQueryClient()}>
      <Router {...(ssr ? { ssrPath: path } : { hook: location.hook })}>
        <PageAsOfContext value={asOf}>
          <FormAnswerContext value={answer}>{children}</FormAnswerContext>
        </PageAsOfContext>
      </Router>
    </QueryClientProvider>
  );
}

const card = (venue: string) => screen.getByRole("heading", { name: venue }).closest("li")!;
const ticketLink = (li: HTMLElement) => within(li).queryByRole("link", { name: /^tickets for/i });

describe("on sale at a time (issue 24)", () => {
  it("before onSaleAt the ticket link is 'On sale <date>' in the band's time zone; after it, the link", async () => {
    fakeApi(settings);
    render(
      <Providers>
        <ShowList shows={[show(1, "Already Hall", { onSaleAt: new Date(Date.now() - 60_000).toISOString() }), show(2, "Later Hall", { onSaleAt: "2031-03-01T16:00:00.000Z" }), show(3, "Plain Hall")]} />
      </Providers>,
    );
    expect(ticketLink(card("Already Hall"))).toHaveAttribute("href", "/go/show/1");
    expect(ticketLink(card("Plain Hall"))).toHaveAttribute("href", "/go/show/3");
    const later = card("Later Hall");
    expect(ticketLink(later)).toBeNull();
    // 10:00 AM in Chicago, once the band's zone has loaded
    expect(await within(later).findByText("Mar 1, 2031 10:00 AM")).toHaveAttribute("datetime", "2031-03-01T16:00:00.000Z");
    expect(within(later).getByText("On sale")).toBeInTheDocument();
  });

  it("a page left open switches to the ticket link when the time comes", async () => {
    fakeApi(settings);
    render(
      <Providers>
        <ShowList shows={[show(4, "Soon Hall", { onSaleAt: new Date(Date.now() + 1_200).toISOString() })]} />
      </Providers>,
    );
    const soon = card("Soon Hall");
    expect(ticketLink(soon)).toBeNull();
    expect(within(soon).getByText("On sale")).toBeInTheDocument();
    expect(await within(soon).findByRole("link", { name: /^tickets for/i }, { timeout: 4_000 })).toHaveAttribute("href", "/go/show/4");
    expect(within(soon).queryByText("On sale")).toBeNull();
  });

  it("a timer that fires before the clock reaches the time (a busy page) waits again instead of staying 'On sale'", async () => {
    fakeApi(settings);
    const realSetTimeout = globalThis.setTimeout;
    const realWait = (ms: number) => new Promise((done) => realSetTimeout(done, ms));
    // timers faked, the clock real: advancing the timers fires them while Date.now() is early
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      render(
        <Providers>
          <ShowList shows={[show(4, "Early Hall", { onSaleAt: new Date(Date.now() + 1_000).toISOString() })]} />
        </Providers>,
      );
      const early = card("Early Hall");
      await act(async () => {
        await realWait(200); // the band's settings arrive
        vi.advanceTimersByTime(1_000); // the on-sale timer fires ~800 ms early
      });
      expect(ticketLink(early)).toBeNull();
      // the clock passes the time; only the timer set again can switch the card now
      await realWait(900);
      act(() => vi.advanceTimersByTime(1_000));
      expect(ticketLink(early)).toHaveAttribute("href", "/go/show/4");
    } finally {
      vi.useRealTimers();
    }
  });

  it("the server's render reads the links as of the page's instant (asOf), not the clock, so hydration meets the same HTML", () => {
    fakeApi(settings);
    const passed = new Date(Date.now() - 60_000).toISOString();
    const shows = [show(5, "Just Opened", { onSaleAt: passed })];
    // drawn before that time (asOf 0: before every on-sale time): 'On sale'
    const before = renderToString(<Providers ssr asOf={0}><ShowList shows={shows} /></Providers>);
    expect(before).toContain("On sale");
    expect(before).not.toContain("/go/show/5");
    // drawn as of it: the link
    const after = renderToString(<Providers ssr asOf={Date.parse(passed)}><ShowList shows={shows} /></Providers>);
    expect(after).toContain('href="/go/show/5"');
  });
});

describe("Presale for the mailing list", () => {
  it("shows on a show with a presale that still sells tickets, never on the others", () => {
    fakeApi(settings);
    render(
      <Providers>
        <ShowList
          shows={[
            show(6, "Presale Hall", { hasPresale: true, presaleStartsAt: "2031-02-20T16:00:00.000Z" }),
            show(7, "No Presale Hall"),
            show(8, "Sold Hall", { hasPresale: true, status: "sold-out" }),
            show(9, "Gone Hall", { hasPresale: true, status: "cancelled" }),
          ]}
        />
      </Providers>,
    );
    const presale = within(card("Presale Hall"));
    expect(presale.getByText("Presale for the mailing list")).toBeInTheDocument();
    expect(presale.getByText(/Fans on our mailing list get the code by e-mail\. Presale from Feb 20, 2031/)).toBeInTheDocument();
    for (const venue of ["No Presale Hall", "Sold Hall", "Gone Hall"]) expect(within(card(venue)).queryByText("Presale for the mailing list")).toBeNull();
  });

  it("asks for an address, posts it, and answers with the one message and the way onto the list", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ ...settings, "POST /api/shows/6/presale": () => json(200, { success: true, message: PRESALE_ANSWER }) });
    render(
      <Providers>
        <ShowList shows={[show(6, "Presale Hall", { hasPresale: true })]} />
      </Providers>,
    );
    const presale = within(card("Presale Hall"));
    await user.click(presale.getByText("Presale for the mailing list"));
    const form = presale.getByRole("form", { name: "Presale code for Presale Hall" });
    // without JavaScript the same form posts to the API, back to this card
    expect(form).toHaveAttribute("action", "/api/shows/6/presale#show-6");
    expect(form).toHaveAttribute("method", "post");
    await user.click(presale.getByRole("button", { name: "Send me the code" }));
    expect(presale.getByText("Email is required")).toBeInTheDocument();
    expect(presale.getByLabelText("Your e-mail")).toHaveAttribute("aria-invalid", "true");
    expect(writes()).toHaveLength(0);

    await user.type(presale.getByLabelText("Your e-mail"), "  fan@example.com ");
    await user.click(presale.getByRole("button", { name: "Send me the code" }));
    expect(await presale.findByText(PRESALE_ANSWER)).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", url: "/api/shows/6/presale", body: { email: "fan@example.com", website: "" } }]);
    expect(presale.getByRole("link", { name: "Join the mailing list" })).toHaveAttribute("href", "/#booking");
  });

  it("says the server's refusal in plain words", async () => {
    const user = userEvent.setup();
    fakeApi({ ...settings, "POST /api/shows/6/presale": () => json(404, { success: false, message: "This show has no presale" }) });
    render(
      <Providers>
        <ShowList shows={[show(6, "Presale Hall", { hasPresale: true })]} />
      </Providers>,
    );
    const presale = within(card("Presale Hall"));
    await user.click(presale.getByText("Presale for the mailing list"));
    await user.type(presale.getByLabelText("Your e-mail"), "fan@example.com");
    await user.click(presale.getByRole("button", { name: "Send me the code" }));
    expect(await presale.findByRole("alert")).toHaveTextContent("This show has no presale");
  });

  it("a form posted without JavaScript: its answer opens that show's card only, with what was typed", () => {
    fakeApi(settings);
    const answer: FormAnswer = { form: "presale", page: "/shows", ok: false, message: "email: Please enter a valid email address", errors: { email: "Please enter a valid email address" }, values: { email: "fan-at-example", show: "11", page: "/shows" } };
    const { container } = render(
      <Providers answer={answer} path="/shows">
        <ShowList shows={[show(10, "First Hall", { hasPresale: true }), show(11, "Second Hall", { hasPresale: true })]} />
      </Providers>,
    );
    // the presale's disclosures (each card also has its 'I'm going' one, closed)
    const details = container.querySelectorAll("details[class*='group/presale']");
    expect([...details].map((d) => (d as HTMLDetailsElement).open)).toEqual([false, true]);
    const second = within(card("Second Hall"));
    expect(second.getByLabelText("Your e-mail")).toHaveValue("fan-at-example");
    expect(second.getByText("Please enter a valid email address")).toBeInTheDocument();
    // the page the answer goes back to
    expect(container.querySelector('#show-11 input[name="page"]')).toHaveValue("/shows");
    expect(within(card("First Hall")).queryByText("Please enter a valid email address")).toBeNull();
  });
});
