import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormAnswer } from "@client/lib/form-answer";
import { renderPublicPageAt } from "@client/test/render-public-page";
import { fakeApi, json } from "@client/test/render-admin-page";
import RsvpLeavePage from "./rsvp-leave-page";

afterEach(() => vi.unstubAllGlobals());

const at = (path: string, answer: FormAnswer | null = null) => renderPublicPageAt(path, <RsvpLeavePage />, answer);

const LEFT = "Your name is off the list for The Cave, Chapel Hill, NC on Saturday, December 12. Thanks for letting us know.";

describe("/rsvp/leave, the 'Can't make it?' link", () => {
  it("asks first (opening the link does nothing), then posts the token; the answer takes the focus", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/rsvps/leave": () => json(200, { success: true, message: LEFT }) });
    at("/rsvp/leave?token=tok");
    expect(screen.getByRole("heading", { name: "Can't make it?" })).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    // an ordinary form as well, for a browser without JavaScript
    const button = screen.getByRole("button", { name: "Take my name off" });
    expect(button.closest("form")).toHaveAttribute("action", "/api/rsvps/leave");
    await user.click(button);
    const done = await screen.findByText(LEFT);
    expect(writes()).toEqual([{ method: "POST", url: "/api/rsvps/leave", body: { token: "tok" } }]);
    await waitFor(() => expect(done.closest("[tabindex]")).toHaveFocus());
    expect(screen.getByRole("link", { name: "All our shows" })).toHaveAttribute("href", "/shows");
  });

  it("says the server's refusal, and a link without its token asks nothing", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/rsvps/leave": () => json(400, { success: false, message: "This link is not valid, or your name is already off the list." }) });
    const first = at("/rsvp/leave?token=used");
    await user.click(screen.getByRole("button", { name: "Take my name off" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is not valid, or your name is already off the list.");
    first.unmount();
    at("/rsvp/leave");
    expect(screen.getByRole("alert")).toHaveTextContent("This link is incomplete. Open the link in your email again.");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("drawn by the server with the outcome of the button posted without JavaScript", () => {
    fakeApi({});
    at("/rsvp/leave?token=tok", { form: "rsvp-leave", page: "/rsvp/leave?token=tok", ok: true, message: LEFT });
    expect(screen.getByRole("status")).toHaveTextContent(LEFT);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
