import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";
import { fakeApi, json } from "@client/test/render-admin-page";
import PreferencesPage from "./preferences-page";

function at(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook} searchHook={searchHook}>
        <PreferencesPage />
      </Router>
    </QueryClientProvider>,
  );
}

const fan = { name: "Sam", email: "sam+tour@example.com", interests: { shows: true, releases: false, merch: false }, region: "US-NC", isSubscribed: true };
const READ = "GET /api/preferences?token=tok-1";

describe("preferences page", () => {
  it("loads the fan's own data, saves changes with one success message", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      [READ]: () => json(200, { success: true, data: fan }),
      "PUT /api/preferences": () => json(200, { success: true, message: "Your preferences have been saved.", data: { ...fan, name: "Sam S.", interests: { shows: true, releases: false, merch: true } } }),
    });
    at("/preferences?token=tok-1");
    expect(screen.getByText("Loading your preferences...")).toBeInTheDocument();
    expect(await screen.findByLabelText("Email")).toHaveValue("sam+tour@example.com");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/Name/)).toHaveValue("Sam");
    expect(screen.getByRole("checkbox", { name: "Shows" })).toBeChecked();
    expect(screen.getByLabelText(/Where do you live\?/)).toHaveValue("US-NC");

    await user.clear(screen.getByLabelText(/Name/));
    await user.type(screen.getByLabelText(/Name/), "Sam S.");
    await user.click(screen.getByRole("checkbox", { name: "Merch" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Your preferences have been saved.")).toBeInTheDocument();
    expect(screen.getAllByText("Your preferences have been saved.")).toHaveLength(1);
    expect(writes()[0]).toMatchObject({ method: "PUT", url: "/api/preferences", body: { token: "tok-1", name: "Sam S.", interests: { shows: true, releases: false, merch: true }, region: "US-NC" } });
  });

  it("asks for at least one interest before saving", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ [READ]: () => json(200, { success: true, data: fan }) });
    at("/preferences?token=tok-1");
    await user.click(await screen.findByRole("checkbox", { name: "Shows" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("group", { name: "I want to hear about" })).toHaveAccessibleDescription("Choose at least one: shows, releases or merch.");
    expect(screen.getByRole("checkbox", { name: "Shows" })).toHaveFocus();
    expect(writes()).toHaveLength(0);
  });

  it("unsubscribes with its button", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      [READ]: () => json(200, { success: true, data: fan }),
      "POST /api/preferences/unsubscribe": () => json(200, { success: true, message: "You have been unsubscribed. You will not receive any more newsletters." }),
    });
    at("/preferences?token=tok-1");
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(/You have been unsubscribed/)).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ url: "/api/preferences/unsubscribe", body: { token: "tok-1" } });
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("'Delete my data' asks first, then deletes and says nothing more is stored", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      [READ]: () => json(200, { success: true, data: fan }),
      "DELETE /api/preferences": () => json(200, { success: true, message: "Your subscription has been deleted. Nothing more is stored about you." }),
    });
    at("/preferences?token=tok-1");
    await user.click(await screen.findByRole("button", { name: "Delete my data" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your data?" });
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete my data" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete my data" }));
    expect(await screen.findByText("Your subscription has been deleted. Nothing more is stored about you.")).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: "DELETE", url: "/api/preferences", body: { token: "tok-1" } });
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });

  it("a bad or used-up link gets a clear message, and a missing token asks for nothing", async () => {
    fakeApi({ "GET /api/preferences?token=gone": () => json(410, { success: false, message: "This subscription was deleted. Nothing more is stored about you." }) });
    const first = at("/preferences?token=gone");
    expect(await screen.findByRole("alert")).toHaveTextContent("This subscription was deleted. Nothing more is stored about you.");
    first.unmount();
    fakeApi({ "GET /api/preferences?token=nope": () => json(404, { success: false, message: "This preferences link is not valid. Please use the link in the latest mail you got from us." }) });
    const second = at("/preferences?token=nope");
    expect(await screen.findByRole("alert")).toHaveTextContent("This preferences link is not valid.");
    second.unmount();
    const { calls } = fakeApi({});
    at("/preferences");
    expect(screen.getByRole("alert")).toHaveTextContent("This preferences link is not valid.");
    expect(calls.filter((c) => c.url.startsWith("/api/preferences"))).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Back to the site" })).toBeInTheDocument();
  });
});
