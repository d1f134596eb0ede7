import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageLoading } from "@client/components/page-loading";
import { adminRoutes } from "./admin-routes";
import { AuthGuard } from "./auth/auth-guard";
import { AdminLayout } from "./layout/admin-layout";

const LoginPage = lazy(() => import("./auth/login-page"));

/** Everything under /admin: the login page, then every other page behind the guard. */
export default function AdminApp() {
  return (
    <Switch>
      <Route path="/login">
        <Suspense fallback={<PageLoading />}>
          <LoginPage />
        </Suspense>
      </Route>
      <Route>
        <AuthGuard>
          <AdminLayout>
            <Suspense fallback={<PageLoading />}>
              <Switch>
                {adminRoutes.map(({ path, page: Page }) => (
                  <Route key={path} path={path}>
                    {(params) => <Page params={params} />}
                  </Route>
                ))}
                <Route>
                  <NotFoundPage />
                </Route>
              </Switch>
            </Suspense>
          </AdminLayout>
        </AuthGuard>
      </Route>
    </Switch>
  );
}
