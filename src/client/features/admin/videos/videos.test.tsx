import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import VideoFormPage from "./video-form-page";
import VideosPage from "./videos-page";

afterEach(() => vi.unstubAllGlobals());

const video = (id: number, title: string, isActive = true) => ({
  id,
  title,
  description: `About ${title}`,
  category: "live",
  embedUrl: `https://www.youtube.com/embed/aqz-KE-bpK${id}`,
  thumbnailUrl: "",
  isActive,
  sortOrder: id,
});

describe("video form", () => {
  it("turns a pasted YouTube share link into the embed URL and fills the empty thumbnail", async () => {
    fakeApi({});
    renderAdminPage(<VideoFormPage params={{}} />, "/videos/add");
    await userEvent.click(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://youtu.be/dQw4w9WgXcQ?si=share");
    expect(screen.getByLabelText("Video URL")).toHaveValue("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(screen.getByLabelText("Thumbnail URL")).toHaveValue("https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    // live preview follows
    expect(screen.getByTitle("Video preview")).toHaveAttribute("src", "https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(screen.getByRole("img", { name: "Thumbnail preview" })).toHaveAttribute("src", "https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  });

  it("follows a corrected link: the thumbnail it filled itself moves to the new video", async () => {
    fakeApi({});
    renderAdminPage(<VideoFormPage params={{}} />, "/videos/add");
    await userEvent.click(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://youtu.be/dQw4w9WgXcQ");
    expect(screen.getByLabelText("Thumbnail URL")).toHaveValue("https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    // the wrong video was pasted: paste the right one over it
    await userEvent.clear(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://www.youtube.com/watch?v=R6MlUcmOul8");
    expect(screen.getByLabelText("Video URL")).toHaveValue("https://www.youtube.com/embed/R6MlUcmOul8");
    expect(screen.getByLabelText("Thumbnail URL")).toHaveValue("https://img.youtube.com/vi/R6MlUcmOul8/hqdefault.jpg");
    expect(screen.getByRole("img", { name: "Thumbnail preview" })).toHaveAttribute("src", "https://img.youtube.com/vi/R6MlUcmOul8/hqdefault.jpg");
  });

  it("keeps a thumbnail the admin already chose, and leaves a link with a malformed id alone", async () => {
    fakeApi({});
    renderAdminPage(<VideoFormPage params={{}} />, "/videos/add");
    await userEvent.type(screen.getByLabelText("Thumbnail URL"), "https://example.com/mine.jpg");
    await userEvent.click(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://www.youtube.com/watch?v=short1");
    expect(screen.getByLabelText("Video URL")).toHaveValue("https://www.youtube.com/watch?v=short1");
    await userEvent.clear(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5");
    expect(screen.getByLabelText("Video URL")).toHaveValue("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(screen.getByLabelText("Thumbnail URL")).toHaveValue("https://example.com/mine.jpg");
  });

  it("shows the validation messages and clears the URL error once a link is pasted", async () => {
    fakeApi({});
    renderAdminPage(<VideoFormPage params={{}} />, "/videos/add");
    await userEvent.click(screen.getByRole("button", { name: "Create Video" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByText("Description is required")).toBeInTheDocument();
    expect(screen.getByText("Video URL is required")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://youtu.be/dQw4w9WgXcQ");
    await waitFor(() => expect(screen.queryByText("Video URL is required")).not.toBeInTheDocument());
    await userEvent.clear(screen.getByLabelText("Video URL"));
    await userEvent.type(screen.getByLabelText("Video URL"), "not a link");
    expect(await screen.findByText("Must be a valid URL")).toBeInTheDocument();
  });

  it("creates a video and says 'Video created'", async () => {
    const api = fakeApi({ "POST /api/videos": (b) => json(201, { success: true, data: { id: 1, ...b } }) });
    const { location } = renderAdminPage(<VideoFormPage params={{}} />, "/videos/add");
    await userEvent.type(screen.getByLabelText("Title"), "Basement Clip");
    await userEvent.type(screen.getByLabelText("Description"), "Shaky and perfect.");
    await userEvent.click(screen.getByLabelText("Video URL"));
    await userEvent.paste("https://youtube.com/shorts/dQw4w9WgXcQ");
    await userEvent.click(screen.getByRole("button", { name: "Create Video" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/videos"));
    expect(api.writes()[0].body).toMatchObject({ title: "Basement Clip", embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", category: "official", isActive: true, sortOrder: 0 });
    expect(await screen.findByText("Video created")).toBeInTheDocument();
  });
});

describe("videos list", () => {
  it("lists all videos, toggles active with the opposite value, and deletes after the browser confirm", async () => {
    let rows = [video(1, "Live at The Pour House"), video(2, "Van Days", false)];
    const api = fakeApi({
      "GET /api/videos": () => json(200, { success: true, data: rows }),
      "PUT /api/videos/2/active": (b) => {
        rows = rows.map((r) => (r.id === 2 ? { ...r, isActive: b.isActive } : r));
        return json(200, { success: true });
      },
      "DELETE /api/videos/1": () => {
        rows = rows.filter((r) => r.id !== 1);
        return json(200, { success: true });
      },
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    renderAdminPage(<VideosPage />, "/videos");
    const row = (await screen.findByText("Van Days")).closest("tr")!;
    expect(within(row).getByText("About Van Days")).toBeInTheDocument();
    expect(within(row).getByText("Live")).toBeInTheDocument();
    const toggle = within(row).getByRole("switch", { name: "Active: Van Days" });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(within(screen.getByText("Van Days").closest("tr")!).getByRole("switch")).toBeChecked());
    expect(api.writes()[0]).toMatchObject({ method: "PUT", url: "/api/videos/2/active", body: { isActive: true } });

    expect(screen.getByRole("link", { name: "View Live at The Pour House in a new tab" })).toHaveAttribute("target", "_blank");
    await userEvent.click(screen.getByRole("button", { name: "Delete Live at The Pour House" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this video?\n\n“Live at The Pour House” will be permanently deleted.");
    await waitFor(() => expect(screen.queryByText("Live at The Pour House")).not.toBeInTheDocument());
    expect(await screen.findByText("Video deleted")).toBeInTheDocument();
  });

  it("shows the empty text when there are no videos", async () => {
    fakeApi({ "GET /api/videos": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<VideosPage />, "/videos");
    expect(await screen.findByText("No videos found. Add your first video to get started.")).toBeInTheDocument();
  });

  it("deletes nothing when the browser confirm is cancelled", async () => {
    const api = fakeApi({ "GET /api/videos": () => json(200, { success: true, data: [video(1, "Clip")] }) });
    vi.stubGlobal("confirm", () => false);
    renderAdminPage(<VideosPage />, "/videos");
    await userEvent.click(await screen.findByRole("button", { name: "Delete Clip" }));
    expect(api.writes()).toEqual([]);
    expect(screen.getByText("Clip")).toBeInTheDocument();
  });

  it("a failed delete toasts 'Failed to delete video: ...'", async () => {
    fakeApi({
      "GET /api/videos": () => json(200, { success: true, data: [video(1, "Clip")] }),
      "DELETE /api/videos/1": () => json(404, { success: false, message: "Video not found" }),
    });
    vi.stubGlobal("confirm", () => true);
    renderAdminPage(<VideosPage />, "/videos");
    await userEvent.click(await screen.findByRole("button", { name: "Delete Clip" }));
    expect(await screen.findByText("Failed to delete video: Video not found")).toBeInTheDocument();
  });
});

describe("videos list by keyboard", () => {
  it("the Active switch keeps focus while its save runs (not disabled), and a second press does not send twice", async () => {
    let rows = [video(2, "Van Days", false)];
    let answer!: () => void;
    const api = fakeApi({
      "GET /api/videos": () => json(200, { success: true, data: rows }),
      "PUT /api/videos/2/active": (b) =>
        new Promise<Response>((resolve) => {
          answer = () => {
            rows = rows.map((r) => ({ ...r, isActive: b.isActive }));
            resolve(json(200, { success: true }));
          };
        }),
    });
    const user = userEvent.setup();
    renderAdminPage(<VideosPage />, "/videos");
    const toggle = await screen.findByRole("switch", { name: "Active: Van Days" });
    toggle.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    // disabling the focused switch would drop focus on <body> in a browser
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await user.keyboard(" ");
    expect(api.writes()).toHaveLength(1);
    answer();
    await waitFor(() => expect(screen.getByRole("switch", { name: "Active: Van Days" })).toBeChecked());
    expect(screen.getByRole("switch", { name: "Active: Van Days" })).toHaveFocus();
  });
});
