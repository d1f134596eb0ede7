import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { SKELETON_ROWS } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError } from "@client/lib/api-client";

/**
 * An edit form waits for its record: placeholder rows while loading (spec: five), a message
 * with a way back if it is missing or fails, then the form with the record.
 */
export function FormLoadState<T>({ query, notFound, backHref, children }: { query: UseQueryResult<T, Error>; notFound: string; backHref: string; children: (data: T) => ReactNode }) {
  if (query.isLoading) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} data-testid="skeleton-row" className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (query.error || !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm text-red-400">
        <p>{missing ? notFound : "Could not load this item. Please try again."}</p>
        <div className="flex gap-2">
          {!missing && (
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Retry
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <Link href={backHref}>Back to the list</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
