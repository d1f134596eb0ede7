import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { ContactForm } from "./contact-form";
import { SubscribeForm } from "./subscribe-form";

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
    expect(writes()[0].body).toEqual({ name: "", email: "fan@example.com", interests: { shows: true, releases: true, merch: false }, website: "" });
    await user.click(screen.getByRole("button", { name: "Subscribe another" }));
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });

  it("subscribe: shows the server's message on failure", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/subscribe": () => json(429, { success: false, message: "Too many requests. Please try again later." }) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
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
});
