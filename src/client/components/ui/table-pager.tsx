import { ChevronLeft, ChevronRight } from "lucide-react";
import type { PageInfo } from "@shared/api/paging";
import { Button } from "./button";

const count = (n: number) => n.toLocaleString("en-US");

/** '1–50 of 12,345' and Previous / Next, for a list paged by the server or in memory. */
export function TablePager({ page, onPage, busy }: { page: PageInfo; onPage: (page: number) => void; busy?: boolean }) {
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.page * page.pageSize, page.total);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 px-1 pt-3 text-sm text-dust">
      <p aria-live="polite" className="tabular-nums">
        {first > last ? `0 of ${count(page.total)}` : `${count(first)}–${count(last)} of ${count(page.total)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={busy || page.page <= 1} onClick={() => onPage(page.page - 1)}>
          <ChevronLeft className="size-4" aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={busy || page.page >= pages} onClick={() => onPage(page.page + 1)}>
          Next <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
