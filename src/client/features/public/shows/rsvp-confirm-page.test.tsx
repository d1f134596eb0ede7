import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormAnswer } from "@client/lib/form-answer";
import { renderPublicPageAt } from "@client/test/render-public-page";
import { fakeApi, json } from "@client/test/render-admin-page";
import RsvpConfirmPage from "./rsvp-confirm-page";

afterEach(() => vi.unstubAllGlobals());

const at = (path: string, answer: FormAnswer | null = null) => renderPublicPageAt(path, <RsvpConfirmPage />, answer);

describe("/rsvp/confirm", () => {
  it("drawn by the server with its outcome: no request of its own", () => {
    const { calls } = fakeApi({});
    at("/rsvp/confirm?token=t1", { form: "rsvp-confirm", page: "/rsvp/confirm?token=t1", ok: true, message: "You're going to Kings, Raleigh, NC on Saturday, Dec 12, 2026." });
    expect(screen.getByRole("status")).toHaveTextContent("You're going to Kings, Raleigh, NC on Saturday, Dec 12, 2026.");
    expect(screen.getByRole("link", { name: "All our shows" })).toHaveAttribute("href", "/shows");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("in the app: posts the token once, then says what the server said", async () => {
    const { writes } = fakeApi({ "POST /api/rsvps/confirm": () => json(400, { success: false, message: "This link has expired. Say you're going on the show again to get a new one." }) });
    at("/rsvp/confirm?token=abc");
    expect(screen.getByText("Confirming...")).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired.");
    expect(writes()).toEqual([{ method: "POST", url: "/api/rsvps/confirm", body: { token: "abc" } }]);
  });

  it("a link without its token", async () => {
    fakeApi({});
    at("/rsvp/confirm");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is incomplete.");
  });
});
