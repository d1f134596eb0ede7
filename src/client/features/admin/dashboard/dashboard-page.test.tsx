import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { todayIso } from "@shared/format";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import DashboardPage from "./dashboard-page";

afterEach(() => vi.unstubAllGlobals());

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const show = (id: number, venue: string, offset: number) => ({ id, venue, location: "Raleigh, NC", date: day(offset), time: "8:00 PM", price: "10", ageRestriction: "18+", supportingActs: "", eventUrl: null });
const merch = (id: number, name: string, isFeatured: boolean) => ({ id, name, price: "20", category: "Hat", imageUrl: "", isFeatured, isNew: false, comingSoon: false });
const video = (id: number, title: string, isActive: boolean) => ({ id, title, category: "live", thumbnailUrl: "", embedUrl: "", isActive, sortOrder: id });

it("shows the counts (people counts from the server) and three of each list", async () => {
  fakeApi({
    "GET /api/shows": () => json(200, { success: true, data: [show(1, "Past Club", -5), show(2, "Soon Hall", 2), show(3, "Next Bar", 9), show(4, "Later Room", 20), show(5, "Far Away", 60)] }),
    "GET /api/merchandise": () => json(200, { success: true, data: [merch(1, "Tee", true), merch(2, "Hat", false), merch(3, "Hoodie", true), merch(4, "Poster", true), merch(5, "Pin", true)] }),
    "GET /api/videos": () => json(200, { success: true, data: [video(1, "Live One", true), video(2, "Hidden", false), video(3, "Doc", true)] }),
    "GET /api/admin/dashboard-counts": () => json(200, { success: true, data: { subscribers: 42, unreadMessages: 3 } }),
  });
  renderAdminPage(<DashboardPage />, "/");
  expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  const counts = screen.getByRole("region", { name: "Counts" });
  const card = (label: string) => within(counts).getByText(label).closest("a")!;
  expect(await within(card("Upcoming Shows")).findByText("4")).toBeInTheDocument();
  expect(within(card("Merchandise Items")).getByText("5")).toBeInTheDocument();
  expect(within(card("Videos")).getByText("3")).toBeInTheDocument();
  expect(await within(card("Subscribers")).findByText("42")).toBeInTheDocument();
  expect(within(card("Unread Messages")).getByText("3")).toBeInTheDocument();

  // next three upcoming shows, soonest first; the past one and the fourth are not listed
  expect(screen.getByText("Soon Hall")).toBeInTheDocument();
  expect(screen.getByText("Later Room")).toBeInTheDocument();
  expect(screen.queryByText("Past Club")).not.toBeInTheDocument();
  expect(screen.queryByText("Far Away")).not.toBeInTheDocument();
  // up to three featured items, only active videos
  expect(["Tee", "Hoodie", "Poster"].every((n) => screen.queryByText(n))).toBe(true);
  expect(screen.queryByText("Pin")).not.toBeInTheDocument();
  expect(screen.queryByText("Hidden")).not.toBeInTheDocument();
  expect(screen.getByText("Live One")).toBeInTheDocument();
});

const backupApi = (data: unknown) => ({ "GET /api/admin/backup-status": () => json(200, { success: true, data }) });

it("shows the last backup: when and how big, or its error", async () => {
  fakeApi(backupApi({ schedule: "0 3 * * *", last: { at: "2026-11-26T03:00:05.000Z", kind: "scheduled", file: "band-site-backup-20261126-030000.tar.gz", size: 1_468_006, error: null } }));
  const { unmount } = renderAdminPage(<DashboardPage />, "/");
  expect(await screen.findByRole("status", { name: "Backups" })).toHaveTextContent(/^Last backup: Nov 2[56], 2026 \d{1,2}:\d\d [AP]M, 1\.4 MB$/);
  unmount();

  fakeApi(backupApi({ schedule: "0 3 * * *", last: { at: "2026-11-26T03:00:05.000Z", kind: "scheduled", file: null, size: null, error: "ENOSPC: no space left on device" } }));
  const second = renderAdminPage(<DashboardPage />, "/");
  expect(await screen.findByRole("status", { name: "Backups" })).toHaveTextContent(/^Last backup failed on Nov 2[56], 2026 .*: ENOSPC: no space left on device$/);
  second.unmount();

  fakeApi(backupApi({ schedule: "0 3 * * *", last: null }));
  const third = renderAdminPage(<DashboardPage />, "/");
  expect(await screen.findByRole("status", { name: "Backups" })).toHaveTextContent("No backups yet");
  third.unmount();
});

it("says nothing about backups when none are scheduled and none were taken", async () => {
  fakeApi({ ...backupApi({ schedule: null, last: null }), "GET /api/admin/dashboard-counts": () => json(200, { success: true, data: { subscribers: 1, unreadMessages: 0 } }) });
  renderAdminPage(<DashboardPage />, "/");
  expect(await screen.findByText("1")).toBeInTheDocument();
  expect(screen.queryByRole("status", { name: "Backups" })).not.toBeInTheDocument();
});

it("offers to remove the demo content while there is some, confirmed first, and hides the offer once it is gone", async () => {
  let demo = { shows: [1, 2], merchandise: [3], videos: [], lyrics: [4], bandMembers: [5, 6], audioTracks: [7], total: 7 };
  const removed: string[] = [];
  fakeApi({
    "GET /api/admin/demo-content": () => json(200, { success: true, data: demo }),
    "DELETE /api/admin/demo-content": () => {
      removed.push("called");
      demo = { shows: [], merchandise: [], videos: [], lyrics: [], bandMembers: [], audioTracks: [], total: 0 };
      return json(200, { success: true, message: "Demo content removed", data: { shows: 2, merchandise: 1, videos: 0, lyrics: 1, bandMembers: 2, audioTracks: 1, files: 6, settings: 4 } });
    },
  });
  const user = userEvent.setup();
  renderAdminPage(<DashboardPage />, "/");
  expect(await screen.findByRole("heading", { name: "This site still shows demo content" })).toBeInTheDocument();
  expect(screen.getByText(/\(7 items\)/)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Remove all demo content" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Remove all demo content?" });
  expect(dialog).toHaveTextContent("What you added or edited is kept.");
  expect(removed).toEqual([]);
  await user.click(within(dialog).getByRole("button", { name: "Remove demo content" }));
  await vi.waitFor(() => expect(screen.queryByRole("heading", { name: "This site still shows demo content" })).not.toBeInTheDocument());
  expect(removed).toEqual(["called"]);
});

it("lists the setup steps still to do, with where to do them, and hides the list once all are done", async () => {
  const steps = (done: string[]) => ["email", "links", "photo", "show", "demo", "mail", "backups"].map((step) => ({ step, done: done.includes(step) }));
  fakeApi({ "GET /api/admin/setup": () => json(200, { success: true, data: { steps: steps(["show"]), userId: 1, mailFolder: "/srv/band/data/mail" } }) });
  const { unmount } = renderAdminPage(<DashboardPage />, "/");
  const list = await screen.findByRole("list", { name: "Setup steps" });
  expect(screen.getByText("1 of 7 done. This list goes away once everything is set.")).toBeInTheDocument();
  expect(within(list).getByRole("link", { name: "Add it to your user" })).toHaveAttribute("href", "/users/edit/1");
  // the band photo (issue 21): to do, with the way to Settings
  expect(within(list).getByText("Add a band photo")).toHaveTextContent("(to do)");
  expect(within(list).getByRole("link", { name: "Add it in Settings" })).toHaveAttribute("href", "/settings");
  expect(within(list).getByText("Add your first real show")).toHaveTextContent("(done)");
  expect(within(list).getByText(/written as files to/)).toHaveTextContent("/srv/band/data/mail");
  unmount();

  fakeApi({ "GET /api/admin/setup": () => json(200, { success: true, data: { steps: steps(["email", "links", "photo", "show", "demo", "mail", "backups"]), userId: 1, mailFolder: null } }) });
  renderAdminPage(<DashboardPage />, "/");
  await screen.findByRole("heading", { name: "Dashboard" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole("list", { name: "Setup steps" })).not.toBeInTheDocument();
});
