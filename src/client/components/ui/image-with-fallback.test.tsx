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

describe("ImageWithFallback with variants", () => {
  const photo = {
    width: 4032,
    height: 3024,
    variants: [
      { width: 640, height: 480, format: "webp" as const, path: "/uploads/images/a.0123456789abcdef.640w.webp" },
      { width: 320, height: 240, format: "avif" as const, path: "/uploads/images/a.0123456789abcdef.320w.avif" },
      { width: 640, height: 480, format: "avif" as const, path: "/uploads/images/a.0123456789abcdef.640w.avif" },
      { width: 320, height: 240, format: "webp" as const, path: "/uploads/images/a.0123456789abcdef.320w.webp" },
    ],
  };

  it("offers AVIF then WebP sources with srcset and sizes, the original as the <img>, with its width and height", () => {
    const { container } = render(<ImageWithFallback src="/uploads/images/a.jpg" variants={photo} sizes="50vw" width={400} height={400} alt="Tee" fallbackSrc="/placeholder.svg" />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => [s.getAttribute("type"), s.getAttribute("srcset"), s.getAttribute("sizes")])).toEqual([
      ["image/avif", "/uploads/images/a.0123456789abcdef.320w.avif 320w, /uploads/images/a.0123456789abcdef.640w.avif 640w", "50vw"],
      ["image/webp", "/uploads/images/a.0123456789abcdef.320w.webp 320w, /uploads/images/a.0123456789abcdef.640w.webp 640w", "50vw"],
    ]);
    const img = screen.getByRole("img", { name: "Tee" });
    expect(img.parentElement?.tagName).toBe("PICTURE");
    expect(img).toHaveAttribute("src", "/uploads/images/a.jpg");
    expect(img).toHaveAttribute("width", "400");
    expect(img).toHaveAttribute("height", "400");
    expect(img).toHaveAttribute("loading", "lazy");
  });

  it("drops the sources when the image fails, showing the placeholder alone", () => {
    const { container } = render(<ImageWithFallback src="/uploads/images/a.jpg" variants={photo} sizes="50vw" alt="Tee" fallbackSrc="/placeholder.svg" />);
    fireEvent.error(screen.getByRole("img", { name: "Tee" }));
    expect(container.querySelector("picture")).toBeNull();
    expect(screen.getByRole("img", { name: "Tee" })).toHaveAttribute("src", "/placeholder.svg");
  });

  it("is a plain <img> without variants (an SVG, an outside link), and only offers the formats it has", () => {
    const { container, rerender } = render(<ImageWithFallback src="/logo.svg" variants={null} alt="Logo" />);
    expect(container.querySelector("picture")).toBeNull();
    rerender(<ImageWithFallback src="/uploads/images/a.jpg" variants={{ ...photo, variants: photo.variants.filter((v) => v.format === "webp") }} alt="Logo" />);
    expect([...container.querySelectorAll("source")].map((s) => s.getAttribute("type"))).toEqual(["image/webp"]);
  });
});
