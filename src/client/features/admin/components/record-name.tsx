import type { ReactNode } from "react";
import type { DemoResource } from "@shared/api/demo-content";
import { DemoBadge } from "./demo-badge";

/**
 * A record's name in an admin list with its badges: "Demo content" while the row is the demo
 * seed's, then any the page adds (presale, unreleased...). From 640 px up (where the list is a
 * table) it is at most 11rem wide, so the badges go under a long name, and a very long name
 * wraps, instead of widening the table: the demo badges arrive after the rows, and at 1280 px
 * they pushed the actions out of the shows, videos, audio and merchandise tables (and a
 * 59-character release title the releases table's). `demo`: for the records the demo seed makes.
 */
export function RecordName({ name, demo, children }: { name: ReactNode; demo?: { resource: DemoResource; id: number }; children?: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:max-w-[11rem]">
      <span className="font-medium text-bone">{name}</span>
      {demo && <DemoBadge resource={demo.resource} id={demo.id} />}
      {children}
    </span>
  );
}
