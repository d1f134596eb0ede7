import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BandPhoto } from "@shared/api/band-photo";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { BandPhotoSection } from "./band-photo-section";

const PHOTO: BandPhoto = {
  imageUrl: "/uploads/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
  altText: "",
  image: {
    width: 1600,
    height: 1067,
    variants: [
      { width: 320, height: 213, format: "avif", path: "/uploads/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.0123456789abcdef.320w.avif" },
      { width: 320, height: 213, format: "webp", path: "/uploads/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.0123456789abcdef.320w.webp" },
    ],
  },
};
const NEW_PATH = "/uploads/images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg";

/** The upload goes through XMLHttpRequest: it answers as the server does, and records where it went. */
function fakeUpload(status = 200, body: unknown = { success: true, message: "Upload Successful", data: { filePath: NEW_PATH } }) {
  const sent: string[] = [];
  class Xhr {
    status = status;
    statusText = "";
    responseText = JSON.stringify(body);
    upload = {};
    onload: (() => void) | null = null;
    url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      sent.push(this.url);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", Xhr);
  return sent;
}

function api(initial: BandPhoto | null) {
  let photo = initial;
  return fakeApi({
    "GET /api/settings/band-name": () => json(200, { success: true, data: { key: "band-name", value: "Tar River Static" } }),
    "GET /api/band-photo": () => json(200, { success: true, data: photo }),
    "PUT /api/band-photo": (body) => {
      if (body.altText.length > 200) return json(400, { success: false, message: "altText: too long", errors: { altText: "Alt text is too long (200 characters at most)" } });
      photo = { imageUrl: body.imageUrl, altText: body.altText, image: null };
      return json(200, { success: true, message: "Band photo saved", data: photo });
    },
    "DELETE /api/band-photo": () => {
      photo = null;
      return json(200, { success: true, message: "Band photo removed" });
    },
  });
}

beforeEach(() => {
  URL.createObjectURL = () => "blob:photo";
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const photoFile = () => new File([new Uint8Array(10)], "band.jpg", { type: "image/jpeg" });

describe("Settings: the band photo (issue 21)", () => {
  it("without a photo: says so, uploads a chosen one as the band photo and saves it with its alt text", async () => {
    const { writes } = api(null);
    const sent = fakeUpload();
    renderAdminPage(<BandPhotoSection />, "/settings");
    expect(await screen.findByText("No band photo yet: the home page shows your name on its own.")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Save Photo" });
    expect(save).toBeDisabled();
    expect(screen.queryByRole("button", { name: /Remove Photo/ })).not.toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText("Photo: choose a file"), photoFile());
    await userEvent.type(screen.getByLabelText("Alt Text"), "The four of us on the porch");
    await userEvent.click(save);
    expect(await screen.findByText("Band photo saved")).toBeInTheDocument();
    // sent as a band photo, so the server makes its share image
    expect(sent).toEqual(["/api/upload/media?fileType=image&purpose=band-photo"]);
    expect(writes()).toEqual([{ method: "PUT", url: "/api/band-photo", body: { imageUrl: NEW_PATH, altText: "The four of us on the porch" } }]);
    // the card now shows it, and offers to replace or remove it
    expect(await screen.findByRole("img", { name: "Current band photo: The four of us on the porch" })).toHaveAttribute("src", NEW_PATH);
    expect(screen.getByLabelText("Replace Photo: choose a file")).toBeInTheDocument();
  });

  it("shows the current photo (alt: the band's name when none is given) and saves a new alt text alone", async () => {
    const { writes } = api(PHOTO);
    fakeUpload();
    renderAdminPage(<BandPhotoSection />, "/settings");
    const current = await screen.findByRole("img", { name: "Current band photo: Tar River Static" });
    expect(current).toHaveAttribute("src", PHOTO.imageUrl);
    expect(screen.getByLabelText("Alt Text")).toHaveAttribute("placeholder", "Tar River Static");
    await userEvent.type(screen.getByLabelText("Alt Text"), "  Live at the Pour House ");
    await userEvent.click(screen.getByRole("button", { name: "Save Photo" }));
    expect(await screen.findByText("Band photo saved")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "PUT", url: "/api/band-photo", body: { imageUrl: PHOTO.imageUrl, altText: "Live at the Pour House" } }]);
  });

  it("shows the server's refusal of an upload and saves nothing", async () => {
    const { writes } = api(null);
    fakeUpload(415, { success: false, message: "Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image." });
    renderAdminPage(<BandPhotoSection />, "/settings");
    await userEvent.upload(await screen.findByLabelText("Photo: choose a file"), photoFile());
    await userEvent.click(screen.getByRole("button", { name: "Save Photo" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image.");
    expect(writes()).toEqual([]);
  });

  it("removes the photo after a confirmation, with the keyboard", async () => {
    const { writes } = api(PHOTO);
    renderAdminPage(<BandPhotoSection />, "/settings");
    const remove = await screen.findByRole("button", { name: "Remove Photo" });
    remove.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: "Remove the band photo?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Band photo removed")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "DELETE", url: "/api/band-photo", body: undefined }]);
    await waitFor(() => expect(screen.getByText("No band photo yet: the home page shows your name on its own.")).toBeInTheDocument());
  });
});
