import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ImageWithFallback } from "./image-with-fallback";

describe("ImageWithFallback", () => {
  it("tries src, then fallbackSrc, then renders the fallback element", () => {
    render(<ImageWithFallback src="/a.png" fallbackSrc="/placeholder.svg" alt="Cover" fallback={<span>no image</span>} />);
    const img = screen.getByRole("img", { name: "Cover" });
    expect(img).toHaveAttribute("src", "/a.png");
    expect(img).toHaveAttribute("loading", "lazy");
    fireEvent.error(img);
    expect(screen.getByRole("img", { name: "Cover" })).toHaveAttribute("src", "/placeholder.svg");
    expect(screen.getByRole("img", { name: "Cover" })).toHaveAttribute("data-fallback", "true");
    fireEvent.error(screen.getByRole("img", { name: "Cover" }));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("no image")).toBeInTheDocument();
  });

  it("shows the placeholder at once for a blank src, and keeps it when it fails with no fallback element", () => {
    render(<ImageWithFallback src="  " fallbackSrc="/placeholder.svg" alt="Thumb" />);
    fireEvent.error(screen.getByRole("img", { name: "Thumb" }));
    expect(screen.getByRole("img", { name: "Thumb" })).toHaveAttribute("src", "/placeholder.svg");
  });

  it("gives a new src a fresh chance", () => {
    const { rerender } = render(<ImageWithFallback src="/a.png" alt="Photo" fallback={<span>none</span>} />);
    fireEvent.error(screen.getByRole("img", { name: "Photo" }));
    expect(screen.getByText("none")).toBeInTheDocument();
    rerender(<ImageWithFallback src="/b.png" alt="Photo" fallback={<span>none</span>} />);
    expect(screen.getByRole("img", { name: "Photo" })).toHaveAttribute("src", "/b.png");
  });
});
