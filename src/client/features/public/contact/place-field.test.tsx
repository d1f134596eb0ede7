import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { SubscribeForm } from "./subscribe-form";

afterEach(() => vi.unstubAllGlobals());

describe("'Your city or ZIP' on the subscribe form (issue 24)", () => {
  it("suggests places as the fan types and sends what they chose as `place`", async () => {
    const user = userEvent.setup();
    const { writes, calls } = fakeApi({
      "GET /api/places?q=Rale": () => json(200, { success: true, data: [{ name: "Raleigh, North Carolina, US", lat: 35.77, lng: -78.64 }] }),
      "POST /api/subscribe": () => json(200, { success: true, message: "Please check your email to verify your subscription." }),
    });
    const { container } = render(<SubscribeForm />);
    const field = screen.getByLabelText(/Your city or ZIP/);
    expect(field).toHaveAttribute("name", "place");
    await user.type(field, "Rale");
    await waitFor(() => expect(container.querySelector("datalist option")).toHaveAttribute("value", "Raleigh, North Carolina, US"));
    expect(calls.filter((c) => c.url.startsWith("/api/places"))).toHaveLength(1);
    await user.clear(field);
    await user.type(field, "Raleigh, North Carolina, US");
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(writes()[0].body).toMatchObject({ email: "fan@example.com", place: "Raleigh, North Carolina, US" }));
  });

  it("is optional: left blank, no `place` is sent", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/subscribe": () => json(200, { success: true, message: "Please check your email to verify your subscription." }) });
    render(<SubscribeForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).not.toHaveProperty("place");
  });
});
