import { useEffect, useState, type Key, type ReactNode } from "react";
import { cn } from "@client/lib/cn";
import { FOCUS_RING } from "@client/components/ui/focus-ring";

/**
 * Whether the box is smaller than its content (it scrolls): then a keyboard user must be able to
 * reach it to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), and only then, so a
 * table that fits adds no stop to the tab order.
 */
function useScrolls<E extends HTMLElement>() {
  // a callback ref: the box comes and goes with the table's rows
  const [el, setEl] = useState<E | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1));
    observer.observe(el);
    // the rows change its height, not the box's
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, scrolls] as const;
}

export interface StatsColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** a figure: right-aligned, tabular digits */
  numeric?: boolean;
  className?: string;
  /**
   * Only where the table's box is narrower than 28rem ("narrow": a phone, or a half-width card
   * beside the admin's sidebar), or only where it is wider ("wide"): several short columns can
   * stand as one there instead of scrolling sideways. A container query, so the box decides.
   */
  only?: "narrow" | "wide";
}

const ONLY = { narrow: "@md:hidden", wide: "hidden @md:table-cell" } as const;

/**
 * A table of figures. Unlike the admin's list table (DataTable: rows become cards on a phone,
 * cells never wrap), its text wraps, so at 390 px a table of a few columns fits without
 * scrolling; a wider one scrolls inside its box. The caption names it for screen readers; the
 * card's heading names it on screen. `empty` is the line shown instead when it has no rows.
 */
export function StatsTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  tall = false,
  className,
}: {
  caption: string;
  columns: StatsColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => Key;
  empty: string;
  /**
   * a long list: the box stops at 24rem and scrolls, both ways in one box (a box of its own
   * around it would hide this one's sideways scrollbar below its bottom edge)
   */
  tall?: boolean;
  className?: string;
}) {
  const [box, scrolls] = useScrolls<HTMLDivElement>();
  if (rows.length === 0) return <p className={cn("px-5 py-6 text-sm text-dust", className)}>{empty}</p>;
  return (
    <div ref={box} className={cn("@container w-full max-w-full overflow-x-auto px-1", tall && "max-h-96 overflow-y-auto", scrolls && FOCUS_RING, className)} {...(scrolls ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-smoke">
            {columns.map((col, c) => (
              <th key={c} scope="col" className={cn("px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-dust", col.numeric && "text-right", col.only && ONLY[col.only], col.className)}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={rowKey(row, r)} className="border-b border-smoke/60 last:border-0">
              {columns.map((col, c) => (
                <td key={c} className={cn("px-3 py-2.5", col.numeric ? "text-right tabular-nums whitespace-nowrap" : "break-words", col.only && ONLY[col.only], col.className)}>
                  {col.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
