import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { DASHBOARD_LIST_SIZE } from "@shared/constants";

interface Props<T extends { id: number }> {
  title: string;
  href: string;
  query: UseQueryResult<unknown, Error>;
  items?: T[];
  empty: string;
  error: string;
  render: (item: T) => ReactNode;
}

/** A short dashboard list (three rows) with a link to the full list. */
export function DashboardList<T extends { id: number }>({ title, href, query, items, empty, error, render }: Props<T>) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">{title}</CardTitle>
        <Link href={href} className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-xs font-semibold text-dust hover:text-bone">
          View all <ArrowRight className="size-3" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent className="flex-1">
        {query.isLoading ? (
          <div className="space-y-3">
            {Array.from({ length: DASHBOARD_LIST_SIZE }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.error ? (
          <p role="alert" className="py-4 text-sm text-red-400">
            {error}
          </p>
        ) : !items?.length ? (
          <p className="py-4 text-sm text-dust">{empty}</p>
        ) : (
          <ul className="divide-y divide-smoke/60">
            {items.map((item) => (
              <li key={item.id} className="py-2.5 first:pt-0 last:pb-0">
                {render(item)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
