import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";
import AudioAddPage from "./audio-add-page";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The browser pieces jsdom lacks: object URLs, and an Audio element that reports a length. */
class FakeAudio {
  static duration = 184.6;
  duration = Number.NaN;
  preload = "";
  onloadedmetadata: (() => void) | null = null;
  onerror: (() => void) | null = null;
  removeAttribute() {}
  set src(_: string) {
    this.duration = FakeAudio.duration;
    queueMicrotask(() => this.onloadedmetadata?.());
  }
}

let posted: unknown[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal("Audio", FakeAudio);
  URL.createObjectURL = () => "blob:fake";
  URL.revokeObjectURL = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/settings/band-name") return json(200, { success: true, data: { key: "band-name", value: "Test Band" } });
      if (url === "/api/audio-tracks" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json(201, { success: true, data: { id: 9 } });
      }
      return json(200, { success: true, data: [] });
    }),
  );
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function renderAdd() {
  const location = memoryLocation({ path: "/audio/add", record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <AudioAddPage />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location;
}

/** Submits and expects one 'Validation Error' toast with this text. */
async function expectValidationToast(text: string) {
  toast.dismiss();
  await userEvent.click(screen.getByRole("button", { name: "Add Track" }));
  const toastEl = (await screen.findByText(text)).closest("[data-sonner-toast]") as HTMLElement;
  expect(within(toastEl).getByText("Validation Error")).toBeInTheDocument();
}

describe("simplified audio form", () => {
  it("defaults the artist to the band's name", async () => {
    renderAdd();
    await waitFor(() => expect(screen.getByLabelText("Artist")).toHaveValue("Test Band"));
  });

  it("checks in the spec's order, one 'Validation Error' toast at a time, then creates the track", async () => {
    const location = renderAdd();
    await waitFor(() => expect(screen.getByLabelText("Artist")).toHaveValue("Test Band"));
    await expectValidationToast("Title is required");

    await userEvent.type(screen.getByLabelText("Title"), "Porch Light");
    await userEvent.clear(screen.getByLabelText("Artist"));
    await expectValidationToast("Artist is required");

    await userEvent.type(screen.getByLabelText("Artist"), "Test Band");
    await expectValidationToast("Valid duration (in seconds) is required");
    await userEvent.type(screen.getByLabelText("Duration (seconds)"), "abc");
    await expectValidationToast("Valid duration (in seconds) is required");

    await userEvent.clear(screen.getByLabelText("Duration (seconds)"));
    await userEvent.type(screen.getByLabelText("Duration (seconds)"), "200");
    await expectValidationToast("Please select an audio file or provide a URL");

    await userEvent.click(screen.getAllByRole("tab", { name: "Link" })[0]);
    await expectValidationToast("Please provide an audio URL or upload a file");

    await userEvent.type(screen.getByLabelText("Audio File URL"), "https://cdn.example.com/porch.mp3");
    await userEvent.click(screen.getByRole("button", { name: "Add Track" }));
    expect(await screen.findByText("Audio track created")).toBeInTheDocument();
    expect(posted).toEqual([
      { title: "Porch Light", artist: "Test Band", audioUrl: "https://cdn.example.com/porch.mp3", coverArtUrl: "", duration: 200, isFeatured: false, isActive: true },
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/audio"));
  });

  it("fills the duration from the chosen file's metadata, rounded to whole seconds", async () => {
    renderAdd();
    const file = new File([new Uint8Array(64)], "porch.wav", { type: "audio/wav" });
    await userEvent.upload(screen.getByLabelText("Audio File: choose a file"), file);
    await waitFor(() => expect(screen.getByLabelText("Duration (seconds)")).toHaveValue("185"));
  });

  it("stops with 'Audio upload failed' when the upload is refused, and creates nothing", async () => {
    class RefusingXhr {
      status = 413;
      statusText = "Payload Too Large";
      responseText = JSON.stringify({ success: false, message: "File is too large (max 10MB)" });
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", RefusingXhr);
    renderAdd();
    await userEvent.type(screen.getByLabelText("Title"), "Porch Light");
    await userEvent.upload(screen.getByLabelText("Audio File: choose a file"), new File([new Uint8Array(64)], "porch.wav", { type: "audio/wav" }));
    await waitFor(() => expect(screen.getByLabelText("Duration (seconds)")).toHaveValue("185"));
    await userEvent.click(screen.getByRole("button", { name: "Add Track" }));
    expect(await screen.findByText("Audio upload failed: File is too large (max 10MB)")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});

describe("full audio form (through the toggle)", () => {
  it("shows the field messages of the full form and keeps the unrounded duration", async () => {
    renderAdd();
    await userEvent.click(screen.getByRole("button", { name: "Switch to Full Form" }));
    expect(screen.getByRole("button", { name: "Direct Submit" })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Artist"));
    await userEvent.click(screen.getByRole("button", { name: "Create Track" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByText("Artist is required")).toBeInTheDocument();
    expect(screen.getByText("Duration must be a positive number")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Title"), "Floodplain");
    await userEvent.type(screen.getByLabelText("Artist"), "Test Band");
    await userEvent.upload(screen.getByLabelText("Audio File: choose a file"), new File([new Uint8Array(64)], "f.wav", { type: "audio/wav" }));
    await waitFor(() => expect(screen.getByLabelText("Duration (seconds)")).toHaveValue(184.6));
    expect(posted).toEqual([]);
  });

  it("keeps what was entered when switching between the two forms", async () => {
    renderAdd();
    await userEvent.type(screen.getByLabelText("Title"), "Porch Light");
    await userEvent.upload(screen.getByLabelText("Audio File: choose a file"), new File([new Uint8Array(64)], "porch.wav", { type: "audio/wav" }));
    await waitFor(() => expect(screen.getByLabelText("Duration (seconds)")).toHaveValue("185"));
    await userEvent.click(screen.getByRole("button", { name: "Switch to Full Form" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Porch Light");
    expect(screen.getByLabelText("Duration (seconds)")).toHaveValue(185);
    expect(screen.getByText("Selected: porch.wav")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Title"), " (live)");
    await userEvent.click(screen.getByRole("button", { name: "Switch to Simplified Form" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Porch Light (live)");
    expect(screen.getByText("Selected: porch.wav")).toBeInTheDocument();
  });

  it("asks for the audio when neither a file nor a link is given", async () => {
    renderAdd();
    await userEvent.click(screen.getByRole("button", { name: "Switch to Full Form" }));
    await userEvent.type(screen.getByLabelText("Title"), "Floodplain");
    await userEvent.type(screen.getByLabelText("Duration (seconds)"), "45");
    await userEvent.click(screen.getByRole("button", { name: "Create Track" }));
    expect(await screen.findByText("Audio file URL is required")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});

describe("Featured in the simplified form (issue 13)", () => {
  it("sets Featured, keeps it across the switch, and saves it", async () => {
    const location = renderAdd();
    expect(screen.getByText("Featured tracks play in the site's header player.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Title"), "Porch Light");
    await userEvent.type(screen.getByLabelText("Duration (seconds)"), "200");
    await userEvent.click(screen.getByRole("checkbox", { name: "Featured" }));
    await userEvent.click(screen.getByRole("button", { name: "Switch to Full Form" }));
    expect(screen.getByRole("checkbox", { name: "Featured" })).toBeChecked();
    // the full form explains Direct Submit beside its button
    expect(screen.getByRole("button", { name: "Direct Submit" })).toHaveAccessibleDescription(/without the form's own checks/);
    await userEvent.click(screen.getByRole("button", { name: "Switch to Simplified Form" }));
    expect(screen.getByRole("checkbox", { name: "Featured" })).toBeChecked();
    await userEvent.click(screen.getAllByRole("tab", { name: "Link" })[0]);
    await userEvent.type(screen.getByLabelText("Audio File URL"), "https://cdn.example.com/porch.mp3");
    await userEvent.click(screen.getByRole("button", { name: "Add Track" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ title: "Porch Light", isFeatured: true });
    // a successful save leaves without asking
    await waitFor(() => expect(location.history?.at(-1)).toBe("/audio"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});
