import { lazy, Suspense, type ReactNode } from "react";
import { Route, Switch } from "wouter";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageLoading } from "@client/components/page-loading";
import { adminRoutes } from "./admin-routes";
import { AuthGuard } from "./auth/auth-guard";
import { AdminLayout } from "./layout/admin-layout";
import { useAdminTitle } from "./layout/use-admin-title";

const LoginPage = lazy(() => import("./auth/login-page"));
const ForgotPasswordPage = lazy(() => import("./auth/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("./auth/reset-password-page"));

/** Sets the document title from the route table, so no page can forget it. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useAdminTitle(title);
  return <>{children}</>;
}

/** Pages reachable without a session: sign-in and the password reset steps. */
const signedOutPages = [
  { path: "/login", Page: LoginPage },
  { path: "/forgot-password", Page: ForgotPasswordPage },
  { path: "/reset-password", Page: ResetPasswordPage },
];

/** Everything under /admin: the signed-out pages, then every other page behind the guard. */
export default function AdminApp() {
  return (
    <Switch>
      {signedOutPages.map(({ path, Page }) => (
        <Route key={path} path={path}>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </Route>
      ))}
      <Route>
        <AuthGuard>
          <AdminLayout>
            <Suspense fallback={<PageLoading />}>
              <Switch>
                {adminRoutes.map(({ path, title, page: Page }) => (
                  <Route key={path} path={path}>
                    {(params) => (
                      <Titled title={title}>
                        <Page params={params} />
                      </Titled>
                    )}
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
