import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Route, Switch, useLocation } from "wouter";
import type { InitialPage } from "@shared/page-render";
import { seedQueryCache } from "../features/public/initial-data";
import { SiteToaster } from "../features/public/ui/toasts";
import { PageAsOfContext, PageDayContext, PageOriginContext } from "../lib/page-day";
import { FormAnswerContext } from "../lib/form-answer";
import { createQueryClient } from "../lib/query-client";
import { PublicRoutes } from "./public-routes";
import { PageLoading } from "@client/components/page-loading";

// Admin code is a separate chunk: public visitors never download it.
const AdminApp = lazy(() => import("../features/admin/admin-app"));

/**
 * The whole app. `page` is what the server inlined (the browser) or renders from (the server's
 * render, src/client/entry-server.tsx): the query cache starts with its answers, before the
 * first render, so both draw the same first frame.
 */
export function App({ page = null }: { page?: InitialPage | null }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryCache(client, page);
    return client;
  });
  const [location] = useLocation();
  // the back office toasts from everywhere (sonner is in its chunks anyway); public pages only after a form
  const isAdmin = location === "/admin" || location.startsWith("/admin/");
  return (
    <QueryClientProvider client={queryClient}>
      <PageDayContext value={page?.today || null}>
        <PageAsOfContext value={page ? (page.asOf ? Date.parse(page.asOf) : 0) : null}>
          <PageOriginContext value={page?.origin || null}>
            <FormAnswerContext value={page?.form ?? null}>
              <Switch>
                <Route path="/admin" nest>
                  <Suspense fallback={<PageLoading />}>
                    <AdminApp />
                  </Suspense>
                </Route>
                <Route>
                  <PublicRoutes />
                </Route>
              </Switch>
              <SiteToaster onDemand={!isAdmin} />
            </FormAnswerContext>
          </PageOriginContext>
        </PageAsOfContext>
      </PageDayContext>
    </QueryClientProvider>
  );
}
