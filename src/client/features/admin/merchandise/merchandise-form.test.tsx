import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@client/lib/api-client";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import MerchandiseFormPage from "./merchandise-form-page";

// The client project shares modules within a worker (vitest.config.ts): fresh copies first, so
// the page imports the mocked upload even if an earlier file loaded it; fresh ones after, so no
// later file gets the mock.
const uploadFile = vi.hoisted(() => {
  vi.resetModules();
  return vi.fn();
});
vi.mock("@client/lib/upload", () => ({ uploadFile }));
afterAll(() => {
  vi.doUnmock("@client/lib/upload");
  vi.resetModules();
});

beforeEach(() => {
  uploadFile.mockReset();
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const alerts = () => screen.getAllByRole("alert").map((a) => a.textContent);
const png = () => new File([new Uint8Array([137, 80, 78, 71])], "shirt.png", { type: "image/png" });
const created = (body: any) => json(201, { success: true, data: { id: 3, ...body } });

async function chooseFile(file: File) {
  await userEvent.click(screen.getByRole("tab", { name: "Upload a File" }));
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

describe("merchandise form", () => {
  it("shows the spec's messages in order when submitted empty", async () => {
    const api = fakeApi({});
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    await waitFor(() => expect(alerts()).toEqual(["Name is required", "Description is required", "Price must be positive", "Category is required", "Template dimensions are required"]));
    expect(api.writes()).toEqual([]);
  });

  it("offers the eight categories and seven template dimensions", async () => {
    fakeApi({});
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("combobox", { name: "Category" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["T-Shirt", "Hoodie", "Sweatshirt", "Hat", "Poster", "Sticker", "Accessory", "Other"]);
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("combobox", { name: "Template Dimensions" }));
    expect(screen.getAllByRole("option")).toHaveLength(7);
    expect(screen.getByRole("option", { name: "2925px x 2925px (Tote bags, Pillows)" })).toBeInTheDocument();
  });

  it("Quick Fill gives a 25.99 t-shirt, featured and new, and posts the price as a string", async () => {
    const api = fakeApi({ "POST /api/merchandise": created, "GET /api/merchandise": () => json(200, { success: true, data: [] }) });
    const { location } = renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    expect(await screen.findByText("Form filled")).toBeInTheDocument();
    expect(screen.getByLabelText("Price ($)")).toHaveValue(25.99);
    expect(screen.getByRole("checkbox", { name: "Featured" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "New" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Coming Soon" })).not.toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/merchandise"));
    expect(api.writes()[0].body).toMatchObject({ price: "25.99", category: "T-Shirt", isFeatured: true, isNew: true, comingSoon: false, imageUrl: "" });
    expect(await screen.findByText("Merchandise created successfully")).toBeInTheDocument();
  });

  it("a broken image URL preview falls back to a placeholder", async () => {
    fakeApi({});
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.type(screen.getByLabelText("Image URL"), "https://example.com/missing.png");
    fireEvent.error(screen.getByRole("img", { name: "Image preview" }));
    expect(await screen.findByText("Image could not be loaded")).toBeInTheDocument();
  });

  it("uploads the chosen file at submit and saves its path as imageUrl", async () => {
    uploadFile.mockResolvedValue({ success: true, data: { filePath: "/uploads/images/abc.png" } });
    const api = fakeApi({ "POST /api/merchandise": created, "GET /api/merchandise": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await chooseFile(png());
    expect(screen.getByRole("img", { name: "Chosen file preview" })).toHaveAttribute("src", "blob:preview");
    // nothing is uploaded before submit
    expect(uploadFile).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(uploadFile).toHaveBeenCalledWith("/api/upload/merchandise", expect.any(File), expect.anything());
    expect(api.writes()[0].body.imageUrl).toBe("/uploads/images/abc.png");
  });

  it("shows upload progress and 'Saving...' while the file goes up", async () => {
    let finish!: () => void;
    uploadFile.mockImplementation((_url: string, _file: File, opts: { onProgress: (f: number) => void }) => {
      opts.onProgress(0.4);
      return new Promise((resolve) => (finish = () => resolve({ success: true, data: { filePath: "/uploads/images/p.png" } })));
    });
    const api = fakeApi({ "POST /api/merchandise": created, "GET /api/merchandise": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await chooseFile(png());
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    expect(await screen.findByRole("progressbar", { name: "Image upload progress" })).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(api.writes()).toEqual([]);
    finish();
    await waitFor(() => expect(api.writes()[0]?.body.imageUrl).toBe("/uploads/images/p.png"));
  });

  it("clearing the chosen file resets the preview", async () => {
    fakeApi({});
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await chooseFile(png());
    expect(screen.getByText("shirt.png")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText("shirt.png")).not.toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Chosen file preview" })).not.toBeInTheDocument();
    expect(screen.getByText("No image")).toBeInTheDocument();
  });

  it("a failed upload toasts 'Upload Failed' with the server's reason, then the spec's advice, saves nothing and keeps the form", async () => {
    uploadFile.mockRejectedValue(new ApiError("415: Unsupported file type", 415, { message: "Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image." }));
    const api = fakeApi({});
    const { location } = renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await userEvent.clear(screen.getByLabelText("Name"));
    await userEvent.type(screen.getByLabelText("Name"), "My Own Tee");
    await chooseFile(png());
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(await screen.findByText("Image upload failed. Please try again or use an image URL.")).toBeInTheDocument();
    expect(screen.getAllByText("Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image.").length).toBeGreaterThan(0);
    expect(api.writes()).toEqual([]);
    expect(location.history.at(-1)).toBe("/merchandise/add");
    expect(screen.getByLabelText("Name")).toHaveValue("My Own Tee");
  });

  it("in upload mode a bad URL left in the other tab neither blocks the save nor hides its error", async () => {
    uploadFile.mockResolvedValue({ success: true, data: { filePath: "/uploads/images/abc.png" } });
    const api = fakeApi({ "POST /api/merchandise": created, "GET /api/merchandise": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await userEvent.type(screen.getByLabelText("Image URL"), "not a url");
    // no file yet: the URL would be saved, so its error shows (in its own tab, brought back)
    await userEvent.click(screen.getByRole("tab", { name: "Upload a File" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    expect(await screen.findByText("Must be a valid URL")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Use a URL" })).toHaveAttribute("aria-selected", "true");
    expect(api.writes()).toEqual([]);
    // with a file chosen the typed URL is not used: the upload's path is saved
    await chooseFile(png());
    await userEvent.click(screen.getByRole("button", { name: "Create Merchandise" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0].body.imageUrl).toBe("/uploads/images/abc.png");
  });

  it("refuses a file over 5MB before any upload", async () => {
    fakeApi({});
    renderAdminPage(<MerchandiseFormPage params={{}} />, "/merchandise/add");
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    await chooseFile(big);
    expect(await screen.findByText("File is too large (max 5MB)")).toBeInTheDocument();
    expect(screen.queryByText("huge.png")).not.toBeInTheDocument();
  });
});
