import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { fakeApi, json } from "@client/test/render-admin-page";
import { renderPublicPageAt } from "@client/test/render-public-page";
import UnsubscribePage from "./unsubscribe-page";
import VerifyEmailPage from "./verify-email-page";

const at = (path: string, page: ReactElement) => renderPublicPageAt(path, page);

describe("mail link pages", () => {
  it("verify: loading, then the spec's success text", async () => {
    const { calls } = fakeApi({ "GET /api/verify-email?email=fan%40x.co&token=t1": () => json(200, { success: true, message: "Your email has been verified successfully!" }) });
    at("/verify-email?email=fan%40x.co&token=t1", <VerifyEmailPage />);
    expect(screen.getByText("Verifying your email...")).toBeInTheDocument();
    expect(await screen.findByText("Your email has been verified successfully!")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/api/verify-email"))).toHaveLength(1);
  });

  it("verify: the spec's error texts for a missing token, a refusal without words, and a dead server", async () => {
    fakeApi({});
    const first = at("/verify-email?email=fan%40x.co", <VerifyEmailPage />);
    expect(await screen.findByText("Invalid verification link. Missing token or email.")).toBeInTheDocument();
    first.unmount();
    fakeApi({ "GET /api/verify-email?email=a%40b.co&token=x": () => json(200, { success: false }) });
    const second = at("/verify-email?email=a%40b.co&token=x", <VerifyEmailPage />);
    expect(await screen.findByText("Failed to verify your email. Please try again.")).toBeInTheDocument();
    second.unmount();
    fakeApi({ "GET /api/verify-email?email=a%40b.co&token=x": () => new Response("down", { status: 502 }) });
    at("/verify-email?email=a%40b.co&token=x", <VerifyEmailPage />);
    expect(await screen.findByText("An error occurred while verifying your email. Please try again.")).toBeInTheDocument();
  });

  it("unsubscribe: asks first, posts the token, and the answer takes the keyboard focus", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/unsubscribe": () => json(200, { success: true, message: "You have been unsubscribed. You will not receive any more newsletters." }) });
    at("/unsubscribe?email=fan%40x.co&token=tok", <UnsubscribePage />);
    expect(screen.getByText("fan@x.co")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    const done = await screen.findByText("You have been unsubscribed. You will not receive any more newsletters.");
    expect(writes()[0]).toMatchObject({ url: "/api/unsubscribe", body: { email: "fan@x.co", token: "tok" } });
    await waitFor(() => expect(done.closest("[tabindex]")).toHaveFocus());
  });
});
