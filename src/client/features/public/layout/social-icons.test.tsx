import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@client/lib/query-client";
import { fakeApi, json } from "@client/test/render-admin-page";
import { SocialIconRow } from "./social-icons";

const setting = (key: string, value: string | null) => () => json(200, { success: true, data: { key, value } });

describe("the footer's social icons", () => {
  it("link TikTok, Threads and Bluesky beside the others, only those set (issue 21)", async () => {
    fakeApi({
      "GET /api/settings/instagram-url": setting("instagram-url", "https://instagram.com/tarriverstatic"),
      "GET /api/settings/tiktok-url": setting("tiktok-url", "https://www.tiktok.com/@tarriverstatic"),
      "GET /api/settings/threads-url": setting("threads-url", ""),
      "GET /api/settings/bluesky-url": setting("bluesky-url", "https://bsky.app/profile/tarriverstatic.bsky.social"),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SocialIconRow />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("link", { name: "TikTok" })).toHaveAttribute("href", "https://www.tiktok.com/@tarriverstatic");
    expect(await screen.findByRole("link", { name: "Bluesky" })).toHaveAttribute("href", "https://bsky.app/profile/tarriverstatic.bsky.social");
    expect(screen.getByRole("link", { name: "Instagram" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Threads" })).not.toBeInTheDocument();
  });
});
