import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Message } from "@shared/api/messages";
import { formatDateTime } from "@shared/format";
import { fakeApi, json, renderAdminPage, type Call } from "@client/test/render-admin-page";
import MessagesPage from "./messages-page";

const messages: Message[] = [
  { id: 2, name: null, email: "press@zine.example", message: "Interview?", messageType: "press", isRead: false, sentAt: "2024-01-05T15:04:00.000Z" },
  { id: 1, name: "Dana", email: "dana@venue.example", message: "Play March 14?", messageType: "booking", isRead: true, sentAt: "2024-01-04T10:00:00.000Z" },
];

/**
 * A small inbox server: answers GET /api/admin/messages?... like the real one (q, type, page,
 * pageSize; newest first), forgets deleted messages, and records every call.
 */
function inboxApi(inbox: Message[]) {
  let rows = [...inbox];
  const routes = new Proxy({} as Record<string, (body: unknown, url: string) => Response>, {
    get: (_target, key: string) => {
      if (key.startsWith("GET /api/admin/messages?")) {
        return (_body: unknown, url: string) => {
          const params = new URL(url, "http://x").searchParams;
          const q = (params.get("q") ?? "").toLowerCase();
          const type = params.get("type");
          const page = Number(params.get("page") ?? 1);
          const pageSize = Number(params.get("pageSize") ?? 50);
          const found = rows.filter((m) => (!type || m.messageType === type) && [m.name ?? "", m.email, m.message].some((s) => s.toLowerCase().includes(q)));
          return json(200, { success: true, data: found.slice((page - 1) * pageSize, page * pageSize), page: { total: found.length, page, pageSize } });
        };
      }
      const write = /^(PUT|DELETE) \/api\/admin\/messages\/(\d+)/.exec(key);
      if (write) {
        return () => {
          const id = Number(write[2]);
          rows = write[1] === "DELETE" ? rows.filter((m) => m.id !== id) : rows.map((m) => (m.id === id ? { ...m, isRead: true } : m));
          return json(200, { success: true, message: write[1] === "DELETE" ? "Message deleted" : "Message updated" });
        };
      }
      return undefined;
    },
  });
  return fakeApi(routes);
}

const inboxCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/messages?")).map((c) => Object.fromEntries(new URL(c.url, "http://x").searchParams));

describe("messages inbox", () => {
  it("filters by tab and search on the server, shows details with a mailto reply, and deleting the selected message clears the pane", async () => {
    const user = userEvent.setup();
    const { calls, writes } = inboxApi(messages);
    renderAdminPage(<MessagesPage />);
    const list = await screen.findByTestId("message-list");
    expect(await within(list).findByText("Anonymous")).toBeInTheDocument();
    expect(inboxCalls(calls)[0]).toEqual({ sort: "sentAt", dir: "desc", page: "1", pageSize: "50" });
    expect(within(list).getByText("Press")).toBeInTheDocument();
    expect(screen.getByText("No Message Selected")).toBeInTheDocument();
    // Screen readers: the list is the panel of the selected tab, and an unread message says so in words.
    expect(screen.getByRole("tabpanel", { name: "All" })).toBe(list);
    expect(within(list).getByRole("button", { name: /^Unread:\s*Anonymous/ })).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: /^Dana/ })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Booking" }));
    expect(screen.getByRole("tabpanel", { name: "Booking" })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("message-list")).queryByText("Anonymous")).not.toBeInTheDocument());
    expect(within(screen.getByTestId("message-list")).getByText("Dana")).toBeInTheDocument();
    expect(inboxCalls(calls).at(-1)).toMatchObject({ type: "booking", page: "1" });
    await user.click(screen.getByRole("tab", { name: "All" }));
    await user.type(screen.getByLabelText("Search messages"), "interview");
    await waitFor(() => expect(within(screen.getByTestId("message-list")).queryByText("Dana")).not.toBeInTheDocument());
    // the search is asked once typing stops, not once per key
    const searches = inboxCalls(calls).filter((c) => c.q);
    expect(searches.map((c) => c.q)).toEqual(["interview"]);
    expect(searches[0].type).toBeUndefined();

    const all = screen.getByTestId("message-list");
    await user.click(within(all).getByText("Anonymous"));
    const detail = screen.getByRole("article");
    expect(within(detail).getByText(formatDateTime(messages[0].sentAt))).toBeInTheDocument();
    const reply = within(detail).getByRole("link", { name: /Reply/ });
    expect(reply.getAttribute("href")).toMatch(/^mailto:press@zine\.example\?subject=Re%3A%20Your%20press%20message/);
    expect(writes()).toEqual([{ method: "PUT", url: "/api/admin/messages/2/read", body: { isRead: true } }]);
    // read at once, and the page is asked again after the server agreed
    await waitFor(() => expect(within(all).queryByRole("button", { name: /^Unread:/ })).not.toBeInTheDocument());
    const beforeDelete = inboxCalls(calls).length;

    await user.click(within(detail).getByRole("button", { name: /Delete/ }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Message deleted")).toBeInTheDocument();
    expect(screen.getByText("No Message Selected")).toBeInTheDocument();
    expect(within(screen.getByTestId("message-list")).queryByText("Anonymous")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("message-list")).toHaveFocus());
    // the delete refreshed the page from the server: it stays gone, and nothing matches any more
    await waitFor(() => expect(inboxCalls(calls).length).toBeGreaterThan(beforeDelete));
    expect(await within(screen.getByTestId("message-list")).findByText("No messages match.")).toBeInTheDocument();
  });

  it("pages past 50 messages with Next / Previous, and a tab starts again at page 1", async () => {
    const user = userEvent.setup();
    const many: Message[] = Array.from({ length: 60 }, (_, i) => ({
      id: 100 - i,
      name: `Fan ${i}`,
      email: `fan${i}@example.com`,
      message: "Great show!",
      messageType: i % 2 ? "booking" : "general",
      isRead: true,
      sentAt: new Date(Date.UTC(2024, 0, 1, 12, 60 - i)).toISOString(),
    }));
    const { calls } = inboxApi(many);
    renderAdminPage(<MessagesPage />);
    expect(await screen.findByText("1–50 of 60")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(await screen.findByText("51–60 of 60")).toBeInTheDocument();
    expect(within(screen.getByTestId("message-list")).getByText("Fan 59")).toBeInTheDocument();
    expect(inboxCalls(calls).at(-1)).toMatchObject({ page: "2" });
    await user.click(screen.getByRole("tab", { name: "Booking" }));
    expect(await screen.findByText("1–30 of 30")).toBeInTheDocument();
    expect(inboxCalls(calls).at(-1)).toMatchObject({ type: "booking", page: "1" });
  });

  it("shows Try Again when the inbox fails to load", async () => {
    const routes = new Proxy({} as Record<string, () => Response>, {
      get: (_t, key: string) => (key.startsWith("GET /api/admin/messages") ? () => json(500, { success: false, message: "boom" }) : undefined),
    });
    fakeApi(routes);
    renderAdminPage(<MessagesPage />);
    expect(await screen.findByRole("button", { name: "Try Again" }, { timeout: 5000 })).toBeInTheDocument();
  });
});
