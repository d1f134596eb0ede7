import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@client/lib/query-client";
import TestUploadPage from "./test-upload-page";

/** An XMLHttpRequest that answers with the given status and body, or fails at the network. */
function fakeXhr(answer: { status: number; body: unknown } | "network-error") {
  const sent: string[] = [];
  class Xhr {
    status = 0;
    statusText = "";
    responseText = "";
    upload = {};
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    url = "";
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      sent.push(this.url);
      setTimeout(() => {
        if (answer === "network-error") return this.onerror?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", Xhr);
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestUploadPage />
      <Toaster />
    </QueryClientProvider>,
  );
}
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});
const wav = () => new File([new Uint8Array(44)], "tone.wav", { type: "audio/wav" });

describe("test upload page", () => {
  it("uploads the file as the chosen type and shows the raw result", async () => {
    const sent = fakeXhr({ status: 200, body: { success: true, message: "Upload Successful", data: { filePath: "/uploads/audio/abc.wav" } } });
    renderPage();
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText("File"), wav());
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Upload Successful")).toBeInTheDocument();
    expect(screen.getByLabelText("Upload result")).toHaveTextContent('"filePath": "/uploads/audio/abc.wav"');
    expect(sent).toEqual(["/api/upload/media?fileType=audio"]);
  });

  it("says 'Upload Failed' with the server's reason when it refuses", async () => {
    fakeXhr({ status: 415, body: { success: false, message: "Unsupported file type. Upload an MP3, WAV or OGG file." } });
    renderPage();
    await userEvent.upload(screen.getByLabelText("File"), wav());
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByLabelText("Upload result")).toHaveTextContent("Unsupported file type");
  });

  it("says 'Upload Error' when the request cannot be sent", async () => {
    fakeXhr("network-error");
    renderPage();
    await userEvent.upload(screen.getByLabelText("File"), wav());
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Upload Error")).toBeInTheDocument();
  });
});
