import { useState, type ImgHTMLAttributes } from "react";

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  src: string | null | undefined;
  /** shown when src is empty or fails to load */
  fallback: string;
}

/** An image that swaps to a local placeholder when its source is missing or broken. */
export function FallbackImg({ src, fallback, alt = "", loading = "lazy", decoding = "async", ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src?.trim() || fallback;
  const shown = failed === wanted ? fallback : wanted;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      decoding={decoding}
      data-fallback={shown === fallback || undefined}
      onError={() => {
        if (shown !== fallback) setFailed(wanted);
      }}
    />
  );
}
