import { useState, type ImgHTMLAttributes, type ReactNode } from "react";

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  /** the image; empty or blank counts as missing */
  src?: string | null;
  /** a local placeholder shown when src is missing or fails to load */
  fallbackSrc?: string;
  /** rendered instead of the <img> when no image is left to try; without it the last one stays */
  fallback?: ReactNode;
}

/**
 * An <img> that survives missing and broken URLs: src, then fallbackSrc, then the fallback element.
 * Lazy and async by default (pass loading="eager" for an image above the fold).
 * `<ImageWithFallback src={item.imageUrl} alt={item.name} fallbackSrc={IMAGE_PLACEHOLDER} />`
 * `<ImageWithFallback src={url} alt="" fallback={<div className="h-10 w-10 bg-ash" />} />`
 */
export function ImageWithFallback({ src, fallbackSrc, fallback, onError, alt = "", loading = "lazy", decoding = "async", ...props }: ImageWithFallbackProps) {
  const wanted = src?.trim() || undefined;
  const candidates = [wanted, fallbackSrc].filter((c, i, all): c is string => !!c && all.indexOf(c) === i);
  // Failures are remembered per source, so a new src (rows reused when a list changes) gets a fresh chance.
  const key = candidates.join("\n");
  const [failed, setFailed] = useState({ key, count: 0 });
  const tried = failed.key === key ? failed.count : 0;
  const current = candidates[Math.min(tried, candidates.length - 1)];
  if (!current || (tried >= candidates.length && fallback !== undefined)) return <>{fallback ?? null}</>;
  return (
    <img
      {...props}
      src={current}
      alt={alt}
      loading={loading}
      decoding={decoding}
      data-fallback={current === fallbackSrc || undefined}
      onError={(event) => {
        onError?.(event);
        if (tried < candidates.length) setFailed({ key, count: tried + 1 });
      }}
    />
  );
}
