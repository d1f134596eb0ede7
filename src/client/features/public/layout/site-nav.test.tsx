import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { createQueryClient } from "@client/lib/query-client";
import { renderWithApi } from "../test-utils";
import { SiteFooter } from "./site-footer";
import { SiteNav } from "./site-nav";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

/** The nav as the server draws it (decision 029), put in a container, then hydrated there as the browser does (at the address `path`). */
function serverDrawnNav(path: string) {
  if (window.location.pathname !== path) history.replaceState(null, "", path);
  const tree = () => (
    <QueryClientProvider client={createQueryClient()}>
      <Router ssrPath={path}>
        <SiteNav />
      </Router>
    </QueryClientProvider>
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree());
  document.body.appendChild(container);
  const errors = vi.spyOn(console, "error");
  return { container, errors, hydrate: () => render(tree(), { container, hydrate: true }) };
}

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

  it("without JavaScript the server's menu is a link target; hydrated, the same toggle becomes the app's button", async () => {
    const { container, errors, hydrate } = serverDrawnNav("/lyrics");
    // the server's HTML: the toggle links to the menu, which is there (CSS shows it while it is the URL's target)
    const toggle = container.querySelector<HTMLAnchorElement>("a[aria-label='Open menu']")!;
    expect(toggle).toHaveAttribute("href", "#mobile-menu");
    expect(toggle).toHaveAttribute("role", "button");
    expect(toggle).not.toHaveAttribute("aria-expanded");
    const menu = container.querySelector("#mobile-menu")!;
    expect(menu).toHaveClass("menu-nojs");
    expect(within(menu as HTMLElement).getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    expect(within(menu as HTMLElement).getByRole("link", { name: "Merch" })).toHaveAttribute("href", "/merch");
    // and a close link that takes the toggle's place while the menu is open (an id no element has: no scroll)
    expect(container.querySelector("a[aria-label='Close menu']")).toHaveAttribute("href", "#menu-closed");

    hydrate();
    // the same element, now the app's button: closed, and the menu drawn only while open
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "false"));
    expect(container.querySelector("a[aria-label='Open menu']")).toBe(toggle);
    expect(container.querySelector("#mobile-menu")).toBeNull();
    expect(container.querySelector("a[aria-label='Close menu']")).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(container.querySelector("#mobile-menu")).not.toHaveClass("menu-nojs");
    container.remove();
  });

  it("a menu opened before the app ran (the URL's target) stays open as the app's, and the fragment goes", async () => {
    history.replaceState(null, "", "/lyrics#mobile-menu");
    const { container, errors, hydrate } = serverDrawnNav("/lyrics");
    hydrate();
    const toggle = container.querySelector("a[aria-controls='mobile-menu']")!;
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "true"));
    expect(toggle).toHaveAttribute("aria-label", "Close menu");
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/lyrics");
    expect(errors).not.toHaveBeenCalled();
    // Space presses it, as a button
    (toggle as HTMLElement).focus();
    await userEvent.setup().keyboard(" ");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    container.remove();
  });

  it("the footer repeats the section links and carries a year-stamped copyright", () => {
    renderWithApi(<SiteFooter />, {});
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});
