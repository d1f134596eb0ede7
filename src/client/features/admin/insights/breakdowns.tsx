import type { ReactNode } from "react";
import type { StatsReport } from "@shared/api/stats";
import { Card, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { cn } from "@client/lib/cn";
import { StatsTable } from "./stats-table";
import { count } from "./summary";

const SOURCE_NAMES: Record<string, string> = {
  direct: "Direct / none",
  unknown: "Unknown",
  import: "CSV import",
  x: "X (Twitter)",
  duckduckgo: "DuckDuckGo",
  youtube: "YouTube",
  tiktok: "TikTok",
};

/** A source as the stats name it ('instagram', 'direct') the way a band reads it. */
export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? (source ? source.charAt(0).toUpperCase() + source.slice(1) : "Unknown");
}

/** What a click is on, besides a show's tickets: 'Merch' and whatever kinds come later. */
const kindName = (kind: string) => (kind === "merch" ? "Merch" : kind.charAt(0).toUpperCase() + kind.slice(1));

/** A card holding one table under its heading. */
export function TableCard({ title, description, children, className }: { title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <div className="pb-2">{children}</div>
    </Card>
  );
}

/** Top pages, sources, new subscribers per source, merch clicks and newsletter clicks. */
export function Breakdowns({ report }: { report: StatsReport }) {
  const otherClicks = report.clicks.filter((c) => c.kind !== "show");
  const otherKinds = new Set(otherClicks.map((c) => c.kind));
  return (
    <>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <TableCard title="Top pages">
          <StatsTable
            caption="Top pages"
            rows={report.pages}
            rowKey={(p) => p.path}
            empty="No page views in this range."
            columns={[
              { header: "Page", cell: (p) => <span className="break-all font-mono text-xs text-bone">{p.path}</span> },
              { header: "Visitors", numeric: true, cell: (p) => count(p.visitors) },
              { header: "Page views", numeric: true, cell: (p) => count(p.pageviews) },
            ]}
          />
        </TableCard>
        <TableCard title="Sources" description="Where visitors came from: the site that linked here, or the campaign tag on the link.">
          <StatsTable
            caption="Sources"
            rows={report.sources}
            rowKey={(s) => s.source}
            empty="No visits from other sites in this range."
            columns={[
              { header: "Source", cell: (s) => sourceName(s.source) },
              { header: "Visitors", numeric: true, cell: (s) => count(s.visitors) },
            ]}
          />
        </TableCard>
        <TableCard title="New subscribers per source" description="Where fans who joined the mailing list in this range came from.">
          <StatsTable
            caption="New subscribers per source"
            rows={report.signups}
            rowKey={(s) => s.source}
            empty="Nobody joined the mailing list in this range."
            columns={[
              { header: "Source", cell: (s) => sourceName(s.source) },
              { header: "New subscribers", numeric: true, cell: (s) => count(s.count) },
            ]}
          />
        </TableCard>
        <TableCard title={otherKinds.size > 1 || (otherKinds.size === 1 && !otherKinds.has("merch")) ? "Merch and other link clicks" : "Merch clicks"}>
          <StatsTable
            caption="Merch clicks per item"
            rows={otherClicks}
            // a release has one row per service (issue 25): the label tells them apart
            rowKey={(c) => `${c.kind}:${c.id}:${c.label}`}
            empty="No merch links clicked in this range."
            columns={[
              { header: "Item", cell: (c) => (otherKinds.size > 1 || c.kind !== "merch" ? `${kindName(c.kind)}: ${c.label}` : c.label) },
              { header: "Clicks", numeric: true, cell: (c) => count(c.clicks) },
            ]}
          />
        </TableCard>
      </div>
      <TableCard title="Newsletter clicks" description="Clicks on each link of a newsletter, counted per link, never per person." className="mt-4">
        <StatsTable
          caption="Newsletter clicks per link"
          rows={report.newsletterClicks}
          rowKey={(n) => `${n.newsletterId}:${n.link}`}
          empty="No newsletter links clicked in this range."
          columns={[
            { header: "Newsletter", cell: (n) => n.subject },
            { header: "Link", cell: (n) => <span className="break-all text-xs">{n.url}</span> },
            { header: "Clicks", numeric: true, cell: (n) => count(n.clicks) },
          ]}
        />
      </TableCard>
    </>
  );
}
