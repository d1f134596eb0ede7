import { useState, type ImgHTMLAttributes, type ReactNode } from "react";

export interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** another image to try when src fails */
  fallbackSrc?: string;
  /** rendered instead of the <img> when src (and fallbackSrc) fail or src is empty */
  fallback?: ReactNode;
}

/**
 * An <img> that survives broken URLs: on error it swaps to fallbackSrc, then to the fallback element.
 * `<ImageWithFallback src={item.imageUrl} alt={item.name} fallback={<div className="h-10 w-10 bg-ash" />} />`
 */
export function ImageWithFallback({ src, fallbackSrc, fallback = null, onError, ...props }: ImageWithFallbackProps) {
  // The stage is remembered per src, so a new src (rows reused when a list changes) gets a fresh chance.
  const [state, setState] = useState<{ for?: string; stage: "src" | "fallbackSrc" | "failed" }>({ for: src, stage: "src" });
  const stage = state.for === src ? state.stage : "src";
  const setStage = (next: typeof stage) => setState({ for: src, stage: next });

  const current = stage === "src" ? src : stage === "fallbackSrc" ? fallbackSrc : undefined;
  if (!current) return <>{fallback}</>;
  return (
    <img
      {...props}
      src={current}
      onError={(event) => {
        onError?.(event);
        setStage(stage === "src" && fallbackSrc ? "fallbackSrc" : "failed");
      }}
    />
  );
}
