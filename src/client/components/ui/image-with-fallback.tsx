import { useState, type ImgHTMLAttributes, type ReactNode } from "react";
import type { ResponsiveImage } from "@shared/schemas/images";
import { variantSrcSet } from "@shared/responsive-images";

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  /** the image; empty or blank counts as missing */
  src?: string | null;
  /** a local placeholder shown when src is missing or fails to load */
  fallbackSrc?: string;
  /** rendered instead of the <img> when no image is left to try; without it the last one stays */
  fallback?: ReactNode;
  /**
   * src's resized variants (from the public answers): offered as AVIF and WebP <source>s in a
   * <picture>, so the browser downloads the smallest that fills the box; src stays the fallback.
   */
  variants?: ResponsiveImage | null;
  /** how wide the image is drawn, for the browser's pick among the variants (e.g. "(min-width: 1024px) 18rem, 50vw") */
  sizes?: string;
}

const FORMATS = [
  ["avif", "image/avif"],
  ["webp", "image/webp"],
] as const;

/**
 * An <img> that survives missing and broken URLs: src, then fallbackSrc, then the fallback element.
 * Lazy and async by default (pass loading="eager" for an image above the fold).
 * `<ImageWithFallback src={item.imageUrl} alt={item.name} fallbackSrc={IMAGE_PLACEHOLDER} />`
 * `<ImageWithFallback src={url} alt="" fallback={<div className="h-10 w-10 bg-ash" />} />`
 * An uploaded photo with variants: `<ImageWithFallback src={item.imageUrl} variants={item.image} sizes="50vw" width={400} height={400} ... />`
 * (give width and height: they reserve the box before the image arrives).
 */
export function ImageWithFallback({ src, fallbackSrc, fallback, onError, variants, sizes, alt = "", loading = "lazy", decoding = "async", ...props }: ImageWithFallbackProps) {
  const wanted = src?.trim() || undefined;
  const candidates = [wanted, fallbackSrc].filter((c, i, all): c is string => !!c && all.indexOf(c) === i);
  // Failures are remembered per source, so a new src (rows reused when a list changes) gets a fresh chance.
  const key = candidates.join("\n");
  const [failed, setFailed] = useState({ key, count: 0 });
  const tried = failed.key === key ? failed.count : 0;
  const current = candidates[Math.min(tried, candidates.length - 1)];
  if (!current || (tried >= candidates.length && fallback !== undefined)) return <>{fallback ?? null}</>;
  const img = (
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
  // the variants belong to src: once it failed (or when it is missing) the placeholder is drawn alone
  const sources = current === wanted && variants ? FORMATS.map(([format, type]) => [variantSrcSet(variants, format), type] as const).filter(([set]) => set) : [];
  if (!sources.length) return img;
  return (
    // display: contents, so the <img> is laid out exactly as it would be without the wrapper
    <picture className="contents">
      {sources.map(([srcSet, type]) => (
        <source key={type} type={type} srcSet={srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
