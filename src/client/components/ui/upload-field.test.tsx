import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UploadField, type UploadMode } from "./upload-field";

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:chosen");
  URL.revokeObjectURL = vi.fn();
});

function Harness({ onFile = () => {} }: { onFile?: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<UploadMode>("upload");
  const [url, setUrl] = useState("uploads/images/old.png");
  return (
    <UploadField
      label="Cover"
      accept="image/*"
      maxBytes={10}
      only={{ prefix: "image/", message: "Please choose an image file" }}
      hint="Images, max 10 bytes"
      file={file}
      onFileChange={(f) => {
        setFile(f);
        onFile(f);
      }}
      url={url}
      link={{ mode, onModeChange: setMode, input: <input aria-label="Cover URL" value={url} onChange={(e) => setUrl(e.currentTarget.value)} /> }}
      preview={{ kind: "image", size: "sm" }}
    />
  );
}

describe("UploadField", () => {
  it("refuses a file of the wrong type or over the limit, with the message, and passes none on", async () => {
    const onFile = vi.fn();
    render(<Harness onFile={onFile} />);
    const input = screen.getByLabelText("Cover: choose a file");
    await userEvent.upload(input, new File(["x"], "notes.txt", { type: "text/plain" }), { applyAccept: false });
    expect(screen.getByRole("alert")).toHaveTextContent("Please choose an image file");
    await userEvent.upload(screen.getByLabelText("Cover: choose a file"), new File([new Uint8Array(11)], "big.png", { type: "image/png" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^File is too large \(max /);
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByLabelText("Cover: choose a file")).toHaveAttribute("aria-invalid", "true");
  });

  it("previews the chosen file, and the link again once it is cleared", async () => {
    render(<Harness />);
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", "/uploads/images/old.png");
    await userEvent.upload(screen.getByLabelText("Cover: choose a file"), new File([new Uint8Array(4)], "new.png", { type: "image/png" }));
    expect(screen.getByText("Selected: new.png")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", "blob:chosen");
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText("Selected: new.png")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", "/uploads/images/old.png");
  });

  it("switches to the link tab, where the caller's input sits", async () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "Cover source" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Link" }));
    await userEvent.clear(screen.getByLabelText("Cover URL"));
    await userEvent.type(screen.getByLabelText("Cover URL"), "https://cdn.example.com/c.jpg");
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", "https://cdn.example.com/c.jpg");
  });
});
