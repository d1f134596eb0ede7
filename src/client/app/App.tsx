import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Route, Switch } from "wouter";
import { Toaster } from "sonner";
import { createQueryClient } from "../lib/query-client";
import { PublicRoutes } from "./public-routes";
import { PageLoading } from "./page-loading";

// Admin code is a separate chunk: public visitors never download it.
const AdminApp = lazy(() => import("../features/admin/admin-app"));

export function App() {
  const [queryClient] = useState(createQueryClient);
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
      <Toaster theme="dark" position="top-center" visibleToasts={1} richColors closeButton />
    </QueryClientProvider>
  );
}
