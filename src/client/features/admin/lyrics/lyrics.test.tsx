import { StrictMode } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { HOMEPAGE_LYRICS } from "./homepage-lyrics";
import LyricsAutoAddPage from "./lyrics-auto-add-page";
import LyricsFormPage from "./lyrics-form-page";
import LyricsPage from "./lyrics-page";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const lyric = (id: number, title: string, isPublished: boolean) => ({ id, title, songName: `${title} song`, albumName: "Static Season", releaseYear: "2023", lyricsText: "la", isPublished, sortOrder: id });

describe("lyrics list", () => {
  it("shows Published/Draft, unpublishes with the opposite value and toasts", async () => {
    let rows = [lyric(1, "Floodplain", true), lyric(2, "Saltmarsh", false)];
    const api = fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: rows }),
      "PUT /api/lyrics/1/publish": (b) => {
        rows = rows.map((r) => (r.id === 1 ? { ...r, isPublished: b.isPublished } : r));
        return json(200, { success: true });
      },
    });
    renderAdminPage(<LyricsPage />, "/lyrics");
    expect(screen.getByText("Loading lyrics...")).toBeInTheDocument();
    const first = (await screen.findByText("Floodplain")).closest("tr")!;
    expect(within(first).getByText("Published")).toBeInTheDocument();
    expect(within(screen.getByText("Saltmarsh").closest("tr")!).getByText("Draft")).toBeInTheDocument();
    await userEvent.click(within(first).getByRole("button", { name: "Unpublish Floodplain" }));
    await waitFor(() => expect(within(screen.getByText("Floodplain").closest("tr")!).getByText("Draft")).toBeInTheDocument());
    expect(api.writes()).toEqual([{ method: "PUT", url: "/api/lyrics/1/publish", body: { isPublished: false } }]);
    expect(await screen.findByText("Lyrics status updated successfully")).toBeInTheDocument();
  });

  it("deletes through the dialog with the spec's texts", async () => {
    let rows = [lyric(1, "Floodplain", true)];
    fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: rows }),
      "DELETE /api/lyrics/1": () => {
        rows = [];
        return json(200, { success: true });
      },
    });
    renderAdminPage(<LyricsPage />, "/lyrics");
    await userEvent.click(await screen.findByRole("button", { name: "Delete Floodplain" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText("Are you sure?")).toBeInTheDocument();
    expect(within(dialog).getByText("This will permanently delete the lyrics “Floodplain”. This action cannot be undone.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No lyrics found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Your First Lyrics" })).toBeInTheDocument();
    expect(screen.getByText("Lyrics deleted successfully")).toBeInTheDocument();
  });

  it("shows the load error", async () => {
    fakeApi({ "GET /api/admin/lyrics": () => json(500, { success: false, message: "boom" }) });
    renderAdminPage(<LyricsPage />, "/lyrics");
    expect(await screen.findByText("Failed to load lyrics. Please try again later.")).toBeInTheDocument();
  });
});

describe("lyrics form", () => {
  it("shows the spec's messages in order when submitted empty", async () => {
    fakeApi({});
    renderAdminPage(<LyricsFormPage params={{}} />, "/lyrics/add");
    await userEvent.click(screen.getByRole("button", { name: "Create Lyrics" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["Title is required", "Song name is required", "Lyrics content is required"]));
  });

  it("turns a non-numeric sort order into 0 and creates the lyrics", async () => {
    const api = fakeApi({ "POST /api/lyrics": (b) => json(201, { success: true, data: { id: 5, ...b } }) });
    renderAdminPage(<LyricsFormPage params={{}} />, "/lyrics/add");
    await userEvent.type(screen.getByLabelText("Title"), "Porch Light");
    await userEvent.type(screen.getByLabelText("Song Name"), "Porch Light");
    await userEvent.type(screen.getByLabelText("Lyrics"), "Leave the light on");
    await userEvent.type(screen.getByLabelText("Sort Order"), "e");
    await userEvent.click(screen.getByRole("button", { name: "Create Lyrics" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0].body).toMatchObject({ title: "Porch Light", sortOrder: 0, isPublished: true, albumName: null, releaseYear: null });
    expect(await screen.findByText("Lyrics created successfully")).toBeInTheDocument();
  });
});

describe("lyrics form: title and song name", () => {
  it("either one left empty takes the other (issue 21)", async () => {
    const api = fakeApi({ "POST /api/lyrics": (b) => json(201, { success: true, data: { id: 6, ...b } }) });
    renderAdminPage(<LyricsFormPage params={{}} />, "/lyrics/add");
    await userEvent.type(screen.getByLabelText("Title"), "Kinston, 2 AM");
    await userEvent.type(screen.getByLabelText("Lyrics"), "Parking lot sermons");
    await userEvent.click(screen.getByRole("button", { name: "Create Lyrics" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0].body).toMatchObject({ title: "Kinston, 2 AM", songName: "Kinston, 2 AM" });
  });
});

describe("auto-add homepage lyrics", () => {
  it("says what it will add, adds it once as a Draft when asked, then returns to the list", async () => {
    let rows = [lyric(1, "Floodplain", true)];
    const api = fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: rows }),
      "POST /api/lyrics/homepage": () => {
        const entry = { ...lyric(9, HOMEPAGE_LYRICS.title, false), songName: HOMEPAGE_LYRICS.songName };
        rows = [...rows, entry];
        return json(201, { success: true, created: true, message: "Lyrics added successfully", data: entry });
      },
    });
    // StrictMode runs effects twice in development: nothing is added by opening the page
    const { location } = renderAdminPage(
      <StrictMode>
        <LyricsAutoAddPage />
      </StrictMode>,
      "/lyrics/auto-add",
    );
    expect(screen.getByText("Checking the lyrics list...")).toBeInTheDocument();
    const addButton = await screen.findByRole("button", { name: "Add as Draft" });
    expect(screen.getByText(HOMEPAGE_LYRICS.title)).toBeInTheDocument();
    expect(screen.getByText(/Tobacco barns and a radio hum/)).toBeInTheDocument();
    expect(screen.getByText(/It starts as a Draft/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await userEvent.click(addButton);
    expect(await screen.findByText(/Lyrics added successfully as a draft\. Taking you back/)).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe("/lyrics"), { timeout: 3000 });
    // the server stores its own copy of the built-in lyrics and decides whether they are new
    expect(api.writes()).toEqual([{ method: "POST", url: "/api/lyrics/homepage", body: {} }]);
  });

  it("a second visit adds nothing and offers to open the existing entry", async () => {
    const api = fakeApi({ "GET /api/admin/lyrics": () => json(200, { success: true, data: [lyric(1, "Floodplain", true), { ...lyric(7, HOMEPAGE_LYRICS.title, false), songName: HOMEPAGE_LYRICS.songName }] }) });
    renderAdminPage(<LyricsAutoAddPage />, "/lyrics/auto-add");
    expect(await screen.findByText(/is already in your lyrics \(Draft\), so nothing was added/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the existing entry" })).toHaveAttribute("href", "/lyrics/edit/7");
    expect(screen.queryByRole("button", { name: "Add as Draft" })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it("another tab added them meanwhile: the server adds nothing and the page offers that entry", async () => {
    const theirs = { ...lyric(12, HOMEPAGE_LYRICS.title, false), songName: HOMEPAGE_LYRICS.songName };
    let rows: ReturnType<typeof lyric>[] = [];
    const api = fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: rows }),
      "POST /api/lyrics/homepage": () => {
        rows = [theirs];
        return json(200, { success: true, created: false, message: "These lyrics are already in your list", data: theirs });
      },
    });
    const { location } = renderAdminPage(<LyricsAutoAddPage />, "/lyrics/auto-add");
    await userEvent.click(await screen.findByRole("button", { name: "Add as Draft" }));
    expect(await screen.findByText(/is already in your lyrics \(Draft\), so nothing was added/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the existing entry" })).toHaveAttribute("href", "/lyrics/edit/12");
    expect(screen.queryByText(/added successfully as a draft/)).not.toBeInTheDocument();
    expect(await screen.findByText("These lyrics are already in your list")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1700));
    expect(location.history.at(-1)).toBe("/lyrics/auto-add");
    expect(api.writes()).toHaveLength(1);
  });

  it("shows the error with a way back when the server refuses", async () => {
    fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: [] }),
      "POST /api/lyrics/homepage": () => json(500, { success: false, message: "Internal server error" }),
    });
    const { location } = renderAdminPage(<LyricsAutoAddPage />, "/lyrics/auto-add");
    await userEvent.click(await screen.findByRole("button", { name: "Add as Draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to add lyrics: Internal server error");
    expect(screen.getByRole("link", { name: "Return to Lyrics" })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe("/lyrics/auto-add");
  });

  it("adds nothing when the list cannot be read", async () => {
    const api = fakeApi({ "GET /api/admin/lyrics": () => json(500, { success: false, message: "boom" }) });
    renderAdminPage(<LyricsAutoAddPage />, "/lyrics/auto-add");
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent("Could not check the lyrics list, so nothing was added.");
    expect(api.writes()).toEqual([]);
  });
});

describe("lyrics list by keyboard", () => {
  it("Publish/Unpublish keeps focus while its save runs (not disabled), and a second press does not send twice", async () => {
    let rows = [lyric(1, "Floodplain", true)];
    let answer!: () => void;
    const api = fakeApi({
      "GET /api/admin/lyrics": () => json(200, { success: true, data: rows }),
      "PUT /api/lyrics/1/publish": (b) =>
        new Promise<Response>((resolve) => {
          answer = () => {
            rows = rows.map((r) => ({ ...r, isPublished: b.isPublished }));
            resolve(json(200, { success: true }));
          };
        }),
    });
    const user = userEvent.setup();
    renderAdminPage(<LyricsPage />, "/lyrics");
    const button = await screen.findByRole("button", { name: "Unpublish Floodplain" });
    button.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(api.writes()).toHaveLength(1);
    answer();
    const publish = await screen.findByRole("button", { name: "Publish Floodplain" });
    expect(publish).toHaveFocus();
  });
});
