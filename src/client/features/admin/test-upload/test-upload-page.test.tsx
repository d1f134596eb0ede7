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
  it("keyboard: Upload keeps focus while the file goes up (not disabled), and a second press sends nothing more", async () => {
    const sent: string[] = [];
    let finish!: () => void;
    class HeldXhr {
      status = 0;
      statusText = "";
      responseText = "";
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        sent.push("sent");
        finish = () => {
          this.status = 200;
          this.responseText = JSON.stringify({ success: true, data: { filePath: "/uploads/audio/k.wav" } });
          this.onload?.();
        };
      }
    }
    vi.stubGlobal("XMLHttpRequest", HeldXhr);
    const user = userEvent.setup();
    renderPage();
    await user.upload(screen.getByLabelText("File"), wav());
    const button = screen.getByRole("button", { name: "Upload" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(button).toHaveTextContent("Uploading...");
    // disabling the focused button would drop focus on <body> in a browser
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(sent).toHaveLength(1);
    finish();
    expect(await screen.findByText("Upload Successful")).toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

