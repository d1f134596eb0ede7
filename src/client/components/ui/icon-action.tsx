import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@client/lib/cn";
import { Button } from "./button";
import { Tooltip } from "./tooltip";

/**
 * The small icon buttons of a table row (edit, delete, publish...), each with a tooltip and an
 * accessible name. `label` is both: e.g. label="Edit" aria-label="Edit show at The Pinhook".
 *
 *   <IconLink href={`/shows/edit/${s.id}`} label="Edit" aria-label={`Edit ${s.venue}`}><Pencil /></IconLink>
 *   <IconButton label="Delete" aria-label={`Delete ${s.venue}`} tone="danger" onClick={() => del.ask(s)}><Trash2 /></IconButton>
 */
interface IconActionProps {
  label: string;
  "aria-label"?: string;
  children: ReactNode;
  tone?: "default" | "danger";
  className?: string;
}

// a disabled button keeps its dimmed colour on hover: it would do nothing (its tooltip says why)
const toneClass = { default: "text-dust hover:text-bone disabled:hover:text-dust", danger: "text-dust hover:text-red-400 disabled:hover:text-dust" };

export function IconButton({ label, children, tone = "default", className, onClick, disabled, ...aria }: IconActionProps & { onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={aria["aria-label"] ?? label} onClick={onClick} disabled={disabled} className={cn("[&_svg]:size-4", toneClass[tone], className)}>
        {children}
      </Button>
    </Tooltip>
  );
}

export function IconLink({ label, children, tone = "default", className, href, external, ...aria }: IconActionProps & { href: string; external?: boolean }) {
  const classes = cn("[&_svg]:size-4", toneClass[tone], className);
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" asChild className={classes}>
        {external ? (
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={aria["aria-label"] ?? label}>
            {children}
          </a>
        ) : (
          <Link href={href} aria-label={aria["aria-label"] ?? label}>
            {children}
          </Link>
        )}
      </Button>
    </Tooltip>
  );
}

/** The row's action cell: icons side by side, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-1">{children}</div>;
}
