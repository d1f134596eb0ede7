import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VIDEO_THUMBNAIL_PLACEHOLDER } from "@shared/settings-defaults";
import { fail, ok, renderWithApi } from "../test-utils";
import { NO_VIDEOS, VideosSection } from "./videos-section";

afterEach(() => vi.unstubAllGlobals());
const video = (id: number, title: string, sortOrder: number, category = "official") => ({
  id, title, sortOrder, category, description: `${title} description`, embedUrl: `https://www.youtube.com/embed/abcdefghij${id}`,
  thumbnailUrl: `/uploads/v${id}.jpg`, isActive: true, createdAt: "", updatedAt: "",
});
const list = [video(1, "Second", 5), video(2, "First", 1, "live"), video(3, "Third", 9, "documentary")];
const playerTitle = () => screen.getByRole("heading", { level: 3 }).textContent;

describe("VideosSection", () => {
  it("starts on the lowest sortOrder and loads no third-party player until asked (facade)", async () => {
    const user = userEvent.setup();
    const { container } = renderWithApi(<VideosSection />, { "/api/videos/active": ok(list) });
    await screen.findByRole("button", { name: "Play video: First" });
    expect(playerTitle()).toBe("First");
    expect(container.querySelector("iframe")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Play video: First" }));
    const frame = container.querySelector("iframe")!;
    // played from youtube-nocookie.com: no YouTube cookies for a visitor who only looks (issue 21)
    expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcdefghij2?autoplay=1");
    expect(frame).toHaveAttribute("title", "First");
    // keyboard focus moves on to the player instead of being dropped with the button
    expect(frame).toHaveFocus();
  });

  it("a card click selects the video and scrolls to the player; the category filter narrows the cards", async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView");
    renderWithApi(<VideosSection />, { "/api/videos/active": ok(list) });
    await screen.findByRole("button", { name: "Play video: First" });
    await user.click(screen.getByRole("button", { name: "Third" }));
    expect(playerTitle()).toBe("Third");
    expect(scroll).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Live" }));
    expect(screen.getByRole("button", { name: "Live" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("button", { name: "Second" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "First" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "All" }));
    expect(screen.getByRole("button", { name: "Second" })).toBeInTheDocument();
  });

  it("falls back to the thumbnail placeholder when an image fails", async () => {
    renderWithApi(<VideosSection />, { "/api/videos/active": ok([video(1, "Only", 0)]) });
    const btn = await screen.findByRole("button", { name: "Play video: Only" });
    const img = btn.querySelector("img")!;
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", VIDEO_THUMBNAIL_PLACEHOLDER);
  });

  it("shows the spec's empty and error texts", async () => {
    const a = renderWithApi(<VideosSection />, { "/api/videos/active": ok([]) });
    expect(await screen.findByText(NO_VIDEOS)).toBeInTheDocument();
    a.unmount();
    renderWithApi(<VideosSection />, { "/api/videos/active": fail(500, "Database unavailable") });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error loading videos: 500: Database unavailable");
  });
});
