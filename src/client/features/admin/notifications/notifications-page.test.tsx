import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Webhook } from "@shared/api/webhooks";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import NotificationsPage from "./notifications-page";

const DISCORD: Webhook = {
  id: 1,
  url: "https://discord.com/api/webhooks/1/token",
  events: ["message.received", "show.updated"],
  format: "discord",
  includeMessage: false,
  paused: true,
  pausedReason: "failing",
  pausedAt: "2031-01-02T10:00:00.000Z",
  failingSince: "2031-01-01T10:00:00.000Z",
  createdAt: "2031-01-01T09:00:00.000Z",
  deliveries: [
    { id: 7, eventId: "msg_a", eventType: "message.received", status: "failed", attempts: 9, lastStatusCode: 404, lastError: "HTTP 404", lastAttemptAt: "2031-01-02T10:00:00.000Z", nextAttemptAt: null, deliveredAt: null, manual: null, createdAt: "2031-01-01T10:00:00.000Z" },
  ],
};

function api(list: Webhook[]) {
  let endpoints = list;
  return fakeApi({
    "GET /api/admin/webhooks": () => json(200, { success: true, data: endpoints }),
    "POST /api/admin/webhooks": (body) => {
      if (!String(body.url).startsWith("https://")) return json(400, { success: false, message: "url: refused", errors: { url: "a loopback address is refused (set WEBHOOK_ALLOW_PRIVATE=true to allow targets on your own network)" } });
      endpoints = [...endpoints, { ...DISCORD, id: 2, url: body.url, events: body.events, format: "standard", paused: false, pausedReason: null, deliveries: [] }];
      return json(201, { success: true, message: "Webhook added", data: { id: 2, secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0" } });
    },
    "PUT /api/admin/webhooks/1": (body) => {
      endpoints = endpoints.map((e) => (e.id === 1 ? { ...e, paused: body.paused ?? e.paused, pausedReason: body.paused === false ? null : e.pausedReason } : e));
      return json(200, { success: true, message: body.paused === false ? "Webhook resumed" : "Webhook saved", data: endpoints[0] });
    },
    "POST /api/admin/webhooks/1/test": () => json(200, { success: true, message: "Test delivered (HTTP 204)", data: { ...DISCORD.deliveries[0], id: 8, eventType: "webhook.test", status: "delivered", lastStatusCode: 204, manual: "test" } }),
    "POST /api/admin/webhooks/1/deliveries/7/resend": () => json(200, { success: true, message: "Queued to be sent again", data: { ...DISCORD.deliveries[0], id: 9, status: "pending", manual: "resend" } }),
  });
}

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("Settings > Notifications (issue 26)", () => {
  it("with nothing yet: says so; a refused URL is shown on the field; an added one shows its secret once", async () => {
    const { writes } = api([]);
    renderAdminPage(<NotificationsPage />, "/settings/notifications");
    expect(await screen.findByText("No endpoints yet")).toBeInTheDocument();
    const url = screen.getByLabelText("URL");
    await userEvent.type(url, "http://127.0.0.1/hook");
    await userEvent.click(screen.getByRole("button", { name: "Add Endpoint" }));
    expect(await screen.findByText(/a loopback address is refused/)).toBeInTheDocument();
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveFocus();

    await userEvent.clear(url);
    await userEvent.type(url, "https://hooks.example/band");
    await userEvent.click(screen.getByRole("checkbox", { name: "A show is added" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Signing secret" });
    expect(within(dialog).getByText("whsec_c2VjcmV0c2VjcmV0c2VjcmV0")).toBeInTheDocument();
    expect(writes().at(-1)).toEqual({ method: "POST", url: "/api/admin/webhooks", body: { url: "https://hooks.example/band", events: ["message.received", "show.created"], includeMessage: false } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByText("whsec_c2VjcmV0c2VjcmV0c2VjcmV0")).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "hooks.example" })).toBeInTheDocument();
  });

  it("an endpoint paused after failures: says so, lists its deliveries, sends a test, resends one, resumes", async () => {
    const { writes } = api([DISCORD]);
    renderAdminPage(<NotificationsPage />, "/settings/notifications");
    expect(await screen.findByRole("heading", { name: "discord.com" })).toBeInTheDocument();
    expect(screen.getByText("Paused: failing for a day")).toBeInTheDocument();
    expect(screen.getByText("Discord")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Recent deliveries to discord.com" });
    expect(within(table).getByText("Failed")).toBeInTheDocument();
    expect(within(table).getByText("404")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Send a test to discord.com" }));
    expect(await screen.findByText("Test delivered (HTTP 204)")).toBeInTheDocument();
    await userEvent.click(within(table).getByRole("button", { name: /^Resend message.received/ }));
    expect(await screen.findByText("Queued to be sent again")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resume discord.com" }));
    expect(await screen.findByText("Webhook resumed")).toBeInTheDocument();
    expect(await screen.findByText("Active")).toBeInTheDocument();
    expect(writes().map((w) => `${w.method} ${w.url}`)).toEqual(["POST /api/admin/webhooks/1/test", "POST /api/admin/webhooks/1/deliveries/7/resend", "PUT /api/admin/webhooks/1"]);
    expect(writes()[2].body).toEqual({ paused: false });
  });
});
