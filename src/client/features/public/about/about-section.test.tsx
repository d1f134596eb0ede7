import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { fail, ok, pending, renderWithApi } from "../test-utils";
import { AboutSection, MEMBERS_ERROR, NO_MEMBERS } from "./about-section";

afterEach(() => vi.unstubAllGlobals());
const member = (id: number, name: string, sortOrder: number | null, bio = `${name} bio`) => ({
  id, name, role: "Guitar", bio, sortOrder, imageUrl: null, altText: null, socialLinks: {}, isActive: true, joinDate: null, leaveDate: null, createdAt: "", updatedAt: "",
});
const setting = (key: string, value: string | null) => ({ [`/api/settings/${key}`]: ok({ key, value }) });

describe("AboutSection", () => {
  it("shows the three about paragraphs (defaults when never set) and members in public order, no bios by default", async () => {
    renderWithApi(<AboutSection />, {
      ...setting("about-para1", "Custom first paragraph."),
      ...setting("about-para2", null),
      "/api/band-members": ok([member(1, "Zed", null), member(2, "Amy", 2), member(3, "Bob", 1), member(4, "Cal", 99)]),
    });
    expect(await screen.findByText("Custom first paragraph.")).toBeInTheDocument();
    expect(await screen.findByText(SETTING_DEFAULTS["about-para2"]!)).toBeInTheDocument();
    const list = await screen.findByRole("list");
    // a missing sortOrder counts as 99; ties by name
    expect(within(list).getAllByRole("heading").map((h) => h.textContent)).toEqual(["Bob", "Amy", "Cal", "Zed"]);
    expect(screen.queryByText("Amy bio")).not.toBeInTheDocument();
  });

  it("gives a member without a photo a drawn stand-in, not their initial, and one with a photo their photo", async () => {
    const withPhoto = { ...member(2, "Amy", 1), imageUrl: "/uploads/images/amy.jpg", altText: "Amy on stage" };
    const { container } = renderWithApi(<AboutSection />, { "/api/band-members": ok([member(1, "Zed", 0), withPhoto]) });
    const list = await screen.findByRole("list");
    const [zed, amy] = within(list).getAllByRole("listitem");
    expect(within(zed!).queryByRole("img")).toBeNull();
    expect(zed!.querySelector("[data-testid=member-silhouette] svg")).not.toBeNull();
    expect(zed!).not.toHaveTextContent(/^Z/);
    expect(zed!).toHaveTextContent("GuitarZed");
    expect(within(amy!).getByRole("img", { name: "Amy on stage" })).toHaveAttribute("src", "/uploads/images/amy.jpg");
    expect(amy!.querySelector("[data-testid=member-silhouette]")).toBeNull();
    // one gradient per drawing: ids never repeat on the page
    const ids = [...container.querySelectorAll("linearGradient")].map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows bios only when show-bios is 'true'", async () => {
    renderWithApi(<AboutSection />, { ...setting("show-bios", "true"), "/api/band-members": ok([member(1, "Amy", 0)]) });
    expect(await screen.findByText("Amy bio")).toBeInTheDocument();
  });

  it("has loading, empty and error states with the spec's texts", async () => {
    const a = renderWithApi(<AboutSection />, { "/api/band-members": pending });
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    a.unmount();
    const b = renderWithApi(<AboutSection />, { "/api/band-members": ok([]) });
    expect(await screen.findByText(NO_MEMBERS)).toBeInTheDocument();
    b.unmount();
    renderWithApi(<AboutSection />, { "/api/band-members": fail() });
    expect(await screen.findByText(MEMBERS_ERROR)).toBeInTheDocument();
  });
});
