import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { ContactForm } from "./contact-form";
import { SubscribeForm } from "./subscribe-form";
import { SiteToaster } from "../ui/toasts";

describe("public mail forms", () => {
  it("subscribe: requires an e-mail, then shows the thanks with 'subscribe another'", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/subscribe": () => json(200, { success: true, message: "Please check your email to verify your subscription." }) });
    render(<SubscribeForm />);
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("checkbox", { name: "Merch" }));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Please check your email to verify your subscription.")).toBeInTheDocument();
    // the page and document.referrer go along, for the stats' signups per source (issue 23)
    expect(writes()[0].body).toEqual({ name: "", email: "fan@example.com", interests: { shows: true, releases: true, merch: false }, website: "", page: location.pathname + location.search, referrer: document.referrer });
    await user.click(screen.getByRole("button", { name: "Subscribe another" }));
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "Merch" })).toBeChecked();
  });

  it("subscribe: an optional region, sent as its code (a US state, or a country outside the US)", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/subscribe": () => json(200, { success: true, message: "Please check your email to verify your subscription." }) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.selectOptions(screen.getByLabelText(/Where do you live\?/), "Outside the US");
    await user.selectOptions(screen.getByLabelText("Country"), "DE");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Please check your email to verify your subscription.")).toBeInTheDocument();
    expect(writes()[0].body).toMatchObject({ email: "fan@example.com", region: "DE" });
    await user.click(screen.getByRole("button", { name: "Subscribe another" }));
    expect(screen.getByLabelText(/Where do you live\?/)).toHaveValue("");
  });

  it("subscribe: at least one interest, or no newsletter would ever reach the fan", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/subscribe": () => json(200, { success: true }) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    for (const name of ["Shows", "Releases", "Merch"]) await user.click(screen.getByRole("checkbox", { name }));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("group", { name: "I want to hear about" })).toHaveAccessibleDescription("Choose at least one: shows, releases or merch.");
    expect(screen.getByRole("checkbox", { name: "Shows" })).toHaveFocus();
    expect(writes()).toHaveLength(0);
    await user.keyboard(" "); // tick Shows
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Please check your email to verify your subscription.")).toBeInTheDocument();
    expect(writes()[0].body.interests).toEqual({ shows: true, releases: false, merch: false });
  });

  it("subscribe: shows the server's message on failure", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/subscribe": () => json(429, { success: false, message: "Too many requests. Please try again later." }) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
  });

  it("subscribe: the spec's fallbacks when the server gives no message, or cannot be reached", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/subscribe": () => json(500, {}) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to subscribe. Please try again.");
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("An error occurred. Please try again."));
  });

  it("contact: needs e-mail and message, defaults to general, then 'send another'", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/contact": () => json(200, { success: true, message: "ok" }) });
    render(<ContactForm />);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Thank you for reaching out. We'll get back to you soon.")).toBeInTheDocument();
    expect(writes()[0].body).toMatchObject({ email: "a@b.co", messageType: "general", message: "Hello" });
    await user.click(screen.getByRole("button", { name: "Send another" }));
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("contact: a refused send shows 'Failed to send message. Please try again.' when the server says nothing", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/contact": () => json(200, { success: false }) });
    render(<ContactForm />);
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to send message. Please try again.");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keyboard and screen readers: the first invalid field takes the focus and names its error; the thanks takes the focus; 'another' returns to the first field", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/contact": () => json(200, { success: true, message: "Thank you for reaching out. We'll get back to you soon." }) });
    render(<ContactForm />);
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const email = screen.getByLabelText("Email");
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("Message")).toHaveAttribute("aria-invalid", "false");

    await user.keyboard("a@b.co{Enter}");
    const thanks = await screen.findByRole("status");
    expect(thanks).toHaveFocus();
    expect(thanks).toHaveTextContent("Thank you for reaching out. We'll get back to you soon.");
    await user.keyboard("{Tab}{Enter}"); // Tab to 'Send another', press it
    await waitFor(() => expect(screen.getByLabelText("Name (optional)")).toHaveFocus());
  });

  it("a success is said once: the thanks panel, no toast covering it (issue 13)", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/contact": () => json(200, { success: true, message: "ok" }) });
    render(
      <>
        <ContactForm />
        <SiteToaster onDemand={false} />
      </>,
    );
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Thank you for reaching out. We'll get back to you soon.");
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText("Thank you for reaching out. We'll get back to you soon.")).toHaveLength(1);
  });

  it("subscribe: light text sits on the dark red (AA contrast), not on the brand red", () => {
    fakeApi({});
    render(<SubscribeForm />);
    const button = screen.getByRole("button", { name: "Subscribe" });
    expect(button.className).toMatch(/\bbg-blood-dark\b/);
    expect(button.className).not.toMatch(/\bbg-blood(\s|$)/);
  });
});
