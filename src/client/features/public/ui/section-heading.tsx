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

/** The big condensed section title with its outlined number and a taped-on kicker. */
export function SectionHeading({ id, index, title, kicker, children, light }: Props) {
  return (
    <header className="relative mb-8 flex flex-wrap items-end justify-between gap-4 sm:mb-12">
      <div className="relative">
        <span aria-hidden="true" style={light ? { WebkitTextStroke: "1.5px rgb(11 11 12 / 0.25)" } : undefined} className="outline-text pointer-events-none absolute -top-8 -left-1 font-display text-7xl leading-none select-none sm:-top-12 sm:text-9xl">
          {index}
        </span>
        {kicker && <p style={light ? { background: "var(--color-ink)", color: "var(--color-bone)" } : undefined} className="tape relative mb-3 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">{kicker}</p>}
        <h2 id={`${id}-title`} className="relative font-display text-5xl leading-[0.9] tracking-tight uppercase sm:text-7xl">
          {title}
        </h2>
      </div>
      {children}
    </header>
  );
}
