import { Link } from "wouter";
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

/** The side card of the newsletter screen: list size, interest counts and four tips. */
export function NewsletterStatsCard() {
  const stats = useSubscriberStats();
  const rows: [string, number | undefined][] = [
    ["Total Subscribers", stats.data?.total],
    ["Verified", stats.data?.verified],
    ["Shows", stats.data?.shows],
    ["Releases", stats.data?.releases],
    ["Merch", stats.data?.merch],
  ];
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
