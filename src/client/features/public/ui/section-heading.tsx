import type { ReactNode } from "react";

interface Props {
  id: string;
  index: string;
  title: string;
  kicker?: string;
  children?: ReactNode;
  /** on the bone-coloured section: dark outline and tape */
  light?: boolean;
}

/**
 * The big condensed section title with its outlined number and a taped-on kicker. The number
 * has its own grid cell (issue 13: drawn behind the kicker and title it overlapped them): beside
 * the kicker on a phone, beside kicker and title from sm up.
 */
export function SectionHeading({ id, index, title, kicker, children, light }: Props) {
  return (
    <header className="relative mb-8 flex flex-wrap items-end justify-between gap-4 sm:mb-12">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-x-3 gap-y-2 sm:gap-x-5">
        {/* drawn by CSS from data-index: a decorative outline, not text to read or to contrast-check */}
        <span
          aria-hidden="true"
          data-index={index}
          style={light ? { WebkitTextStroke: "1.5px rgb(11 11 12 / 0.25)" } : undefined}
          className="outline-text pointer-events-none col-start-1 before:content-[attr(data-index)] row-start-1 font-display text-5xl leading-[0.8] select-none sm:row-span-2 sm:text-9xl sm:leading-[0.78]"
        />
        {kicker && (
          <p style={light ? { background: "var(--color-ink)", color: "var(--color-bone)" } : undefined} className="tape col-start-2 row-start-1 justify-self-start px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">
            {kicker}
          </p>
        )}
        <h2 id={`${id}-title`} className="col-span-2 row-start-2 font-display text-5xl leading-[0.9] tracking-tight uppercase sm:col-span-1 sm:col-start-2 sm:text-7xl">
          {title}
        </h2>
      </div>
      {children}
    </header>
  );
}
