import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Route, Switch, useLocation } from "wouter";
import { SiteToaster } from "../features/public/ui/toasts";
import { createQueryClient } from "../lib/query-client";
import { PublicRoutes } from "./public-routes";
import { PageLoading } from "@client/components/page-loading";

// Admin code is a separate chunk: public visitors never download it.
const AdminApp = lazy(() => import("../features/admin/admin-app"));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [location] = useLocation();
  // the back office toasts from everywhere (sonner is in its chunks anyway); public pages only after a form
  const isAdmin = location === "/admin" || location.startsWith("/admin/");
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
