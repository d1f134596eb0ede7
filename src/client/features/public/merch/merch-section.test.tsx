import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IMAGE_PLACEHOLDER } from "@shared/settings-defaults";
import { fail, ok, renderWithApi } from "../test-utils";
import { MerchSection, NO_MERCH } from "./merch-section";

afterEach(() => vi.unstubAllGlobals());
const item = (id: number, name: string, category: string, extra = {}) => ({
  id, name, category, description: `${name} description`, price: "25.9", templateDimensions: "Other", imageUrl: `/uploads/${id}.jpg`,
  amazonUrl: `https://www.amazon.com/dp/${id}`, storeUrl: "", isNew: false, isFeatured: false, comingSoon: false, createdAt: "", updatedAt: "", ...extra,
});
const catalog = [
  item(1, "Tee", "T-Shirt", { isNew: true }),
  item(2, "Hoodie", "Hoodie"),
  item(3, "Sticker", "Sticker", { comingSoon: true }),
  item(4, "Pin", "Accessory"),
  item(5, "Poster", "Poster"),
  item(6, "Cassette", "Other"),
];
const names = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent?.replace(" (opens in a new tab)", ""));

describe("MerchSection", () => {
  it("filters by the all / apparel / accessories / home tabs ('Other' only under all)", async () => {
    const user = userEvent.setup();
    renderWithApi(<MerchSection />, { "/api/merchandise": ok(catalog) });
    await screen.findByText("Tee");
    expect(names()).toEqual(["Tee", "Hoodie", "Sticker", "Pin", "Poster", "Cassette"]);
    await user.click(screen.getByRole("tab", { name: "Apparel" }));
    expect(screen.getByRole("tab", { name: "Apparel" })).toHaveAttribute("aria-selected", "true");
    expect(names()).toEqual(["Tee", "Hoodie"]);
    await user.click(screen.getByRole("tab", { name: "Accessories" }));
    expect(names()).toEqual(["Sticker", "Pin"]);
    await user.click(screen.getByRole("tab", { name: "Home" }));
    expect(names()).toEqual(["Poster"]);
  });

  it("the tab row is one Tab stop; arrow keys, Home and End pick and focus a tab", async () => {
    const user = userEvent.setup();
    renderWithApi(<MerchSection />, { "/api/merchandise": ok(catalog) });
    await screen.findByText("Tee");
    const tab = (name: string) => screen.getByRole("tab", { name });
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    tab("All").focus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Apparel")).toHaveFocus();
    expect(tab("Apparel")).toHaveAttribute("aria-selected", "true");
    expect(names()).toEqual(["Tee", "Hoodie"]);
    await user.keyboard("{End}");
    expect(tab("Home")).toHaveFocus();
    expect(names()).toEqual(["Poster"]);
    await user.keyboard("{ArrowRight}");
    expect(tab("All")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tab("Home")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tab("All")).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it("shows prices with 2 decimals, New / Coming Soon badges, and links out in a new tab by the product name", async () => {
    renderWithApi(<MerchSection />, { "/api/merchandise": ok(catalog) });
    await screen.findByText("Tee");
    const card = (name: string) => screen.getByRole("heading", { name: new RegExp(`^${name}`) }).closest("li")!;
    expect(within(card("Tee")).getByText("$25.90")).toBeInTheDocument();
    expect(within(card("Tee")).getByText("New")).toBeInTheDocument();
    expect(within(card("Sticker")).getByText("Coming Soon")).toBeInTheDocument();
    // the link is named by the product alone (the card is not read out twice as its name)
    const tee = screen.getByRole("link", { name: "Tee (opens in a new tab)" });
    expect(card("Tee")).toContainElement(tee);
    // through /go/merch/:id, which counts the click (issue 23)
    expect(tee).toHaveAttribute("href", "/go/merch/1");
    expect(tee).toHaveAttribute("target", "_blank");
    expect(tee.getAttribute("rel")).toContain("noopener");
    // it stretches over the whole card, so the card stays one big click target
    expect(tee.className).toContain("after:inset-0");
    expect(card("Tee").className).toContain("relative");
  });

  it("a 'Coming Soon' item is not buyable: no link, no Buy, a 'Coming soon' label instead (issue 13)", async () => {
    renderWithApi(<MerchSection />, { "/api/merchandise": ok(catalog) });
    const sticker = (await screen.findByRole("heading", { name: "Sticker" })).closest("li")!;
    expect(within(sticker).queryByRole("link")).toBeNull();
    expect(within(sticker).queryByText("Buy")).toBeNull();
    expect(within(sticker).getByText("Coming soon")).toBeInTheDocument();
    const tee = screen.getByRole("heading", { name: /^Tee/ }).closest("li")!;
    expect(within(tee).getByText("Buy on Amazon")).toBeInTheDocument();
    expect(within(tee).queryByText("Coming soon")).toBeNull();
  });

  it("names the shop it sends fans to, and says 'At the merch table' for an item with no link (issue 21)", async () => {
    renderWithApi(<MerchSection />, {
      "/api/merchandise": ok([
        item(1, "Tee", "T-Shirt", { storeUrl: "https://tarriverstatic.bandcamp.com/merch/tee" }),
        item(2, "Patch", "Accessory", { storeUrl: "https://shop.tarriverstatic.com/patch", amazonUrl: "" }),
        item(3, "Koozie", "Accessory", { amazonUrl: "" }),
      ]),
    });
    const card = async (name: RegExp) => (await screen.findByRole("heading", { name })).closest("li")!;
    const tee = await card(/^Tee/);
    expect(within(tee).getByRole("link")).toHaveAttribute("href", "/go/merch/1");
    expect(within(tee).getByText("Buy on Bandcamp")).toBeInTheDocument();
    expect(within(await card(/^Patch/)).getByText("Buy on shop.tarriverstatic.com")).toBeInTheDocument();
    const koozie = await card(/^Koozie/);
    expect(within(koozie).queryByRole("link")).toBeNull();
    expect(within(koozie).getByText("At the merch table")).toBeInTheDocument();
  });

  it("swaps a broken product image for the placeholder", async () => {
    renderWithApi(<MerchSection />, { "/api/merchandise": ok([catalog[0]]) });
    const img = await screen.findByRole("img", { name: "Tee" });
    expect(img).toHaveAttribute("src", "/uploads/1.jpg");
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", IMAGE_PLACEHOLDER);
  });

  it("has empty and error states with the spec's texts", async () => {
    const a = renderWithApi(<MerchSection />, { "/api/merchandise": ok([]) });
    expect(await screen.findByText(NO_MERCH)).toBeInTheDocument();
    a.unmount();
    const b = renderWithApi(<MerchSection />, { "/api/merchandise": fail() });
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load merchandise$/);
    b.unmount();
    renderWithApi(<MerchSection />, { "/api/merchandise": ok("nope") });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load merchandise data");
  });
});
