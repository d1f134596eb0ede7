import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { todayIso } from "@shared/format";
import type { BandMember } from "@shared/schemas/band-members";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { createQueryClient } from "@client/lib/query-client";
import BandMemberFormPage from "./band-member-form-page";
import BandMembersPage from "./band-members-page";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const member = (over: Partial<BandMember>): BandMember => ({
  id: 1, name: "Casey", role: "Vocals", bio: null, imageUrl: null, altText: null, socialLinks: {}, isActive: true,
  joinDate: "2019-03-02", leaveDate: null, sortOrder: 0, createdAt: "", updatedAt: "", ...over,
});

type Handler = (method: string, url: string, body: unknown) => Response | undefined;
let calls: { method: string; url: string; body: unknown }[];

function renderAt(path: string, ui: React.ReactNode, handler: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body) ?? json(200, { success: true, data: null });
    }),
  );
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>{ui}</Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location;
}
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});
const writes = () => calls.filter((c) => c.method !== "GET");

describe("band members page", () => {
  const members = [member({ id: 1, name: "Casey" }), member({ id: 2, name: "Old Drummer", isActive: false, joinDate: null })];
  /** A small fake server that remembers the settings it is sent. */
  const listing: Handler = (method, url, body) => {
    if (method === "GET" && url === "/api/admin/band-members") return json(200, { success: true, data: members });
    const key = url.startsWith("/api/settings/") ? url.split("/").pop()! : null;
    if (key && method === "PUT") stored[key] = (body as { value: string }).value;
    if (key) return json(200, { success: true, data: { key, value: stored[key] ?? null } });
  };
  let stored: Record<string, string>;
  beforeEach(() => {
    stored = { "show-bios": "true" };
  });

  it("lists members with a first-letter placeholder, dims inactive ones and counts them", async () => {
    renderAt("/band-members", <BandMembersPage />, listing);
    const row = (await screen.findByText("Old Drummer")).closest("tr")!;
    expect(row).toHaveClass("opacity-50");
    expect(within(row).getByText("O")).toBeInTheDocument();
    expect(within(row).getByText("Inactive")).toBeInTheDocument();
    expect(within(screen.getByText("Casey").closest("tr")!).getByText("Mar 2, 2019")).toBeInTheDocument();
    expect(screen.getByText("Total: 2 band member(s)")).toBeInTheDocument();
  });

  it("shows the built-in About text read-only, then saves all three paragraphs", async () => {
    renderAt("/band-members", <BandMembersPage />, listing);
    const first = await screen.findByLabelText("Paragraph 1");
    await waitFor(() => expect(first).toHaveValue(SETTING_DEFAULTS["about-para1"]));
    expect(first).toHaveAttribute("readonly");
    await userEvent.click(screen.getByRole("button", { name: "Edit About Section" }));
    expect(first).not.toHaveAttribute("readonly");
    await userEvent.clear(screen.getByLabelText("Paragraph 2"));
    await userEvent.type(screen.getByLabelText("Paragraph 2"), "New second paragraph.");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("About section updated")).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: "PUT", url: "/api/settings/about-para1", body: { value: SETTING_DEFAULTS["about-para1"] } },
      { method: "PUT", url: "/api/settings/about-para2", body: { value: "New second paragraph." } },
      { method: "PUT", url: "/api/settings/about-para3", body: { value: SETTING_DEFAULTS["about-para3"] } },
    ]);
    expect(screen.getByRole("button", { name: "Edit About Section" })).toBeInTheDocument();
  });

  it("keyboard: Edit About Section puts focus in the first paragraph; after Save or Cancel it is back on Edit About Section", async () => {
    const user = userEvent.setup();
    renderAt("/band-members", <BandMembersPage />, listing);
    const first = await screen.findByLabelText("Paragraph 1");
    await waitFor(() => expect(first).toHaveValue(SETTING_DEFAULTS["about-para1"]));
    screen.getByRole("button", { name: "Edit About Section" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(first).toHaveFocus());
    await user.type(first, " More.");
    screen.getByRole("button", { name: "Save Changes" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("About section updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit About Section" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await waitFor(() => expect(first).toHaveFocus());
    screen.getByRole("button", { name: "Cancel" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit About Section" })).toHaveFocus());
  });

  it("flips the bios switch at once and saves show-bios as 'false'", async () => {
    renderAt("/band-members", <BandMembersPage />, listing);
    const sw = await screen.findByRole("switch", { name: "Show member bios on website" });
    await waitFor(() => expect(sw).toHaveAttribute("aria-checked", "true"));
    await userEvent.click(sw);
    expect(sw).toHaveAttribute("aria-checked", "false");
    await waitFor(() => expect(writes()).toEqual([{ method: "PUT", url: "/api/settings/show-bios", body: { value: "false" } }]));
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(sw).toHaveAttribute("aria-checked", "false");
  });

  it("keyboard: the bios switch keeps focus while it saves (not disabled), and a second press waits for the first", async () => {
    let answer!: () => void;
    const slowSave: Handler = (method, url, body) => {
      if (method === "PUT" && url === "/api/settings/show-bios") {
        return new Promise<Response>((resolve) => {
          answer = () => {
            stored["show-bios"] = (body as { value: string }).value;
            resolve(json(200, { success: true }));
          };
        }) as never;
      }
      return listing(method, url, body);
    };
    const user = userEvent.setup();
    renderAt("/band-members", <BandMembersPage />, slowSave);
    const sw = await screen.findByRole("switch", { name: "Show member bios on website" });
    await waitFor(() => expect(sw).toHaveAttribute("aria-checked", "true"));
    sw.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(sw).toHaveAttribute("aria-checked", "false");
    expect(sw).toBeEnabled();
    expect(sw).toHaveFocus();
    await user.keyboard(" ");
    expect(writes()).toHaveLength(1);
    answer();
    expect(await screen.findByText("Setting updated")).toBeInTheDocument();
    expect(sw).toHaveFocus();
  });

  it("toggles a member's status with the opposite value, and its delete confirm suggests setting inactive instead", async () => {
    renderAt("/band-members", <BandMembersPage />, listing);
    await userEvent.click(await screen.findByRole("button", { name: "Set active: Old Drummer" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "PUT", url: "/api/band-members/2/active", body: { isActive: true } }]));
    expect(await screen.findByText("Status updated")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete Casey" }));
    expect(within(screen.getByRole("alertdialog")).getByText(/set the member inactive instead/)).toBeInTheDocument();
  });

  it("shows the spec's empty and error texts", async () => {
    renderAt("/band-members", <BandMembersPage />, (m, url) => (url === "/api/admin/band-members" ? json(200, { success: true, data: [] }) : undefined));
    expect(await screen.findByText("No band members found. Add your first band member to get started.")).toBeInTheDocument();
  });

  it("shows 'Error loading band members' when the list fails", async () => {
    renderAt("/band-members", <BandMembersPage />, (m, url) => (url === "/api/admin/band-members" ? json(500, { success: false, message: "boom" }) : undefined));
    expect(await screen.findByText("Error loading band members")).toBeInTheDocument();
  });
});

describe("band member form", () => {
  it("validates name, role and links with the spec's messages", async () => {
    renderAt("/band-members/add", <BandMemberFormPage params={{}} />, () => undefined);
    await userEvent.type(screen.getByLabelText("Name"), "J");
    await userEvent.type(screen.getByLabelText("Facebook"), "not a link");
    await userEvent.click(screen.getByRole("button", { name: "Add Band Member" }));
    expect(await screen.findByText("Name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Role must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Must be a valid URL")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("creates with today's join date, sort order 0, active, and empty links sent as null", async () => {
    const location = renderAt("/band-members/add", <BandMemberFormPage params={{}} />, (m, url) => (m === "POST" && url === "/api/band-members" ? json(201, { success: true, data: {} }) : undefined));
    expect(screen.getByLabelText("Join Date")).toHaveValue(todayIso());
    await userEvent.type(screen.getByLabelText("Name"), "Jo Pate");
    await userEvent.type(screen.getByLabelText("Role"), "Drums");
    await userEvent.type(screen.getByLabelText("Instagram"), "https://instagram.com/jo");
    await userEvent.click(screen.getByRole("button", { name: "Add Band Member" }));
    expect(await screen.findByText("Band member created")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/band-members",
        body: { name: "Jo Pate", role: "Drums", bio: null, joinDate: todayIso(), isActive: true, sortOrder: 0, imageUrl: null, socialLinks: { facebook: null, instagram: "https://instagram.com/jo", twitter: null } },
      },
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/band-members"));
  });

  it("puts a new member last: after the highest sort order there is (issue 21)", async () => {
    renderAt("/band-members/add", <BandMemberFormPage params={{}} />, (m, url) => {
      if (m === "GET" && url === "/api/admin/band-members") return json(200, { success: true, data: [member({ id: 1, sortOrder: 0 }), member({ id: 2, sortOrder: 3 })] });
      if (m === "POST") return json(201, { success: true, data: {} });
    });
    await waitFor(() => expect(screen.getByLabelText("Sort Order")).toHaveValue(4));
    await userEvent.type(screen.getByLabelText("Name"), "Jo Pate");
    await userEvent.type(screen.getByLabelText("Role"), "Drums");
    await userEvent.click(screen.getByRole("button", { name: "Add Band Member" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ sortOrder: 4 });
  });

  const existing = member({ id: 7, name: "Casey", imageUrl: "/uploads/images/casey.png", socialLinks: { twitter: "https://x.com/casey" } });
  const editing: Handler = (m, url) => {
    if (m === "GET" && url === "/api/band-members/7") return json(200, { success: true, data: existing });
    if (m === "PUT" && url === "/api/band-members/7") return json(200, { success: true, data: existing });
  };

  it("on edit without a new photo leaves imageUrl out", async () => {
    renderAt("/band-members/edit/7", <BandMemberFormPage params={{ id: "7" }} />, editing);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Casey"));
    await userEvent.click(screen.getByRole("button", { name: "Update Band Member" }));
    expect(await screen.findByText("Band member updated")).toBeInTheDocument();
    const put = writes()[0];
    expect(put.body).not.toHaveProperty("imageUrl");
    expect(put.body).toMatchObject({ socialLinks: { twitter: "https://x.com/casey", facebook: null } });
  });

  it("aborts the save with 'Error uploading image' when the photo upload fails", async () => {
    // the upload goes through XMLHttpRequest: answer it with a server refusal
    class FailingXhr {
      status = 415;
      statusText = "Unsupported Media Type";
      responseText = JSON.stringify({ success: false, message: "Unsupported file type." });
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", FailingXhr);
    URL.createObjectURL = () => "blob:photo";
    URL.revokeObjectURL = () => {};
    renderAt("/band-members/edit/7", <BandMemberFormPage params={{ id: "7" }} />, editing);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Casey"));
    await userEvent.upload(screen.getByLabelText("Photo"), new File([new Uint8Array(10)], "me.png", { type: "image/png" }));
    await userEvent.click(screen.getByRole("button", { name: "Update Band Member" }));
    expect(await screen.findByText("Error uploading image")).toBeInTheDocument();
    expect(screen.getByText("There was an error uploading the image. Please try again.")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });
});
