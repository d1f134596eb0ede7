import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "@shared/format";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import MessagesPage from "./messages-page";

const messages = [
  { id: 2, name: null, email: "press@zine.example", message: "Interview?", messageType: "press", isRead: false, sentAt: "2024-01-05T15:04:00.000Z" },
  { id: 1, name: "Dana", email: "dana@venue.example", message: "Play March 14?", messageType: "booking", isRead: true, sentAt: "2024-01-04T10:00:00.000Z" },
];

describe("messages inbox", () => {
  it("filters by tab and search, shows details with a mailto reply, and deleting the selected message clears the pane", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      "GET /api/admin/messages": () => json(200, { success: true, data: messages }),
      "PUT /api/admin/messages/2/read": () => json(200, { success: true }),
      "DELETE /api/admin/messages/2": () => json(200, { success: true, message: "Message deleted" }),
    });
    renderAdminPage(<MessagesPage />);
    const list = await screen.findByTestId("message-list");
    expect(await within(list).findByText("Anonymous")).toBeInTheDocument();
    expect(within(list).getByText("Press")).toBeInTheDocument();
    expect(screen.getByText("No Message Selected")).toBeInTheDocument();
    // Screen readers: the list is the panel of the selected tab, and an unread message says so in words.
    expect(screen.getByRole("tabpanel", { name: "All" })).toBe(list);
    expect(within(list).getByRole("button", { name: /^Unread:\s*Anonymous/ })).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: /^Dana/ })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Booking" }));
    expect(screen.getByRole("tabpanel", { name: "Booking" })).toBeInTheDocument();
    const booking = screen.getByTestId("message-list");
    expect(within(booking).queryByText("Anonymous")).not.toBeInTheDocument();
    expect(within(booking).getByText("Dana")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "All" }));
    await user.type(screen.getByLabelText("Search messages"), "interview");
    const all = screen.getByTestId("message-list");
    expect(within(all).queryByText("Dana")).not.toBeInTheDocument();

    await user.click(within(all).getByText("Anonymous"));
    const detail = screen.getByRole("article");
    expect(within(detail).getByText(formatDateTime(messages[0].sentAt))).toBeInTheDocument();
    const reply = within(detail).getByRole("link", { name: /Reply/ });
    expect(reply.getAttribute("href")).toMatch(/^mailto:press@zine\.example\?subject=Re%3A%20Your%20press%20message/);
    expect(writes()).toEqual([{ method: "PUT", url: "/api/admin/messages/2/read", body: { isRead: true } }]);

    await user.click(within(detail).getByRole("button", { name: /Delete/ }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Message deleted")).toBeInTheDocument();
    expect(screen.getByText("No Message Selected")).toBeInTheDocument();
    expect(within(screen.getByTestId("message-list")).queryByText("Anonymous")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("message-list")).toHaveFocus());
  });

  it("shows Try Again when the inbox fails to load", async () => {
    fakeApi({ "GET /api/admin/messages": () => json(500, { success: false, message: "boom" }) });
    renderAdminPage(<MessagesPage />);
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
