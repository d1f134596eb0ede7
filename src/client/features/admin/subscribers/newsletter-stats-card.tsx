import { Link } from "wouter";
import { regionName } from "@shared/regions";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useSubscriberStats } from "./api";

const TIPS = [
  "Keep subject lines short and specific: the show, the record, the drop.",
  "Put the most important news first; many fans only read the opening lines.",
  "Send yourself a preview and check it on your phone before sending.",
  "Only verified subscribers who chose a selected interest receive the newsletter.",
];

/** The side card of the newsletter screen: list size, interest and bounce counts, the regions with most fans, and four tips. */
export function NewsletterStatsCard() {
  const stats = useSubscriberStats();
  const rows: [string, number | undefined][] = [
    ["Total Subscribers", stats.data?.total],
    ["Verified", stats.data?.verified],
    ["Shows", stats.data?.shows],
    ["Releases", stats.data?.releases],
    ["Merch", stats.data?.merch],
    ["Bounced", stats.data ? (stats.data.bounced ?? 0) : undefined],
  ];
  const topRegions = stats.data?.topRegions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscriber Stats</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {stats.error ? (
          <p role="alert" className="text-sm text-red-400">
            Failed to load subscriber stats.
          </p>
        ) : (
          <dl className="divide-y divide-smoke/70 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex items-center justify-between py-2">
                <dt className="text-dust">{label}</dt>
                <dd className="font-semibold tabular-nums">{value ?? <Skeleton className="h-4 w-8" />}</dd>
              </div>
            ))}
          </dl>
        )}
        {topRegions.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold">Top Regions</h3>
            <dl className="divide-y divide-smoke/70 text-sm">
              {topRegions.map((r) => (
                <div key={r.region} className="flex items-center justify-between py-1.5">
                  <dt className="text-dust">{regionName(r.region)}</dt>
                  <dd className="font-semibold tabular-nums">{r.count}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">Tips</h3>
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-dust">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
        <Button variant="outline" className="w-full" asChild>
          <Link href="/subscribers">View All Subscribers</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
