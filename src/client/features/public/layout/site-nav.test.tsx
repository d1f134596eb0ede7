import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "../test-utils";
import { SiteFooter } from "./site-footer";
import { SiteNav } from "./site-nav";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("navigation", () => {
  it("has the spec's section links plus the pages that are no section, each place once (issue 13)", () => {
    renderWithApi(<SiteNav />, {});
    const nav = screen.getByRole("navigation", { name: "Main" });
    const labels = within(nav).getAllByRole("link").map((a) => a.textContent);
    expect(labels.slice(1)).toEqual(["Home", "Music", "Videos", "Shows", "About", "Social", "Contact", "Merch", "Lyrics"]);
    expect(within(nav).getByRole("link", { name: "Merch" })).toHaveAttribute("href", "/merch");
    // no second way to the videos or the shows under another name
    expect(within(nav).queryByRole("link", { name: "Watch" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Tour" })).toBeNull();
  });

  it("the footer's site map links the full /videos and /shows pages, named for what they add", () => {
    renderWithApi(<SiteFooter />, {});
    const more = screen.getByRole("link", { name: "All videos" });
    expect(more).toHaveAttribute("href", "/videos");
    expect(screen.getByRole("link", { name: "Past shows" })).toHaveAttribute("href", "/shows");
  });

  it("on the home page a section link smooth-scrolls instead of navigating", async () => {
    const user = userEvent.setup();
    const section = document.createElement("section");
    section.id = "shows";
    document.body.appendChild(section);
    const scroll = vi.spyOn(section, "scrollIntoView");
    const { location } = renderWithApi(<SiteNav />, {}, { path: "/" });
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getAllByRole("link", { name: "Shows" })[0]);
    expect(scroll).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(location.history).toEqual(["/"]);
    section.remove();
  });

  it("elsewhere a section link goes to /#section", async () => {
    const user = userEvent.setup();
    const { location } = renderWithApi(<SiteNav />, {}, { path: "/merch" });
    const link = within(screen.getByRole("navigation", { name: "Main" })).getAllByRole("link", { name: "About" })[0];
    expect(link).toHaveAttribute("href", "/#about");
    await user.click(link);
    expect(location.history?.at(-1)).toBe("/#about");
  });

  it("the mobile menu toggles and closes on a route change", async () => {
    const user = userEvent.setup();
    const { location } = renderWithApi(<SiteNav />, {}, { path: "/lyrics" });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = document.getElementById("mobile-menu")!;
    expect(within(menu).getByRole("link", { name: "Merch" })).toBeInTheDocument();
    act(() => location.navigate("/merch"));
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("a menu link to the page already shown still closes the menu and frees the page's scrolling", async () => {
    const user = userEvent.setup();
    renderWithApi(<SiteNav />, {}, { path: "/merch" });
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(document.body.style.overflow).toBe("hidden");
    const merch = within(document.getElementById("mobile-menu")!).getByRole("link", { name: "Merch" });
    expect(merch).toHaveAttribute("aria-current", "page");
    await user.click(merch);
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("menu links are named by their label alone, Escape closes the menu and returns focus to the toggle", async () => {
    const user = userEvent.setup();
    renderWithApi(<SiteNav />, {}, { path: "/lyrics" });
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = document.getElementById("mobile-menu")!;
    // the decorative 01..07 numbers are not read out as part of the name
    for (const label of ["Home", "Music", "Videos", "Shows", "About", "Social", "Contact"]) expect(within(menu).getByRole("link", { name: label })).toBeInTheDocument();
    expect(within(menu).getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    within(menu).getByRole("link", { name: "Music" }).focus();
    await user.keyboard("{Escape}");
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });

  it("Tab and Shift+Tab cycle inside the open menu instead of reaching the page hidden behind it", async () => {
    const user = userEvent.setup();
    renderWithApi(<><SiteNav /><button type="button">Behind the menu</button></>, {}, { path: "/lyrics" });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await user.click(toggle);
    // the page behind the menu is inert (no focus, hidden from screen readers) while it is open
    expect(screen.getByText("Behind the menu")).toHaveAttribute("inert");
    const links = within(document.getElementById("mobile-menu")!).getAllByRole("link");
    links.at(-1)!.focus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-2)).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.getByText("Behind the menu")).not.toHaveAttribute("inert");
  });

  it("the footer repeats the section links and carries a year-stamped copyright", () => {
    renderWithApi(<SiteFooter />, {});
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});
