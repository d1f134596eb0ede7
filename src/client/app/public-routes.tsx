import { Route, Switch } from "wouter";
import { NotFoundPage } from "./not-found-page";

/** Public pages. The public-site work fills these in (home, merch, videos, lyrics, verify-email). */
export function PublicRoutes() {
  return (
    <Switch>
      <Route path="/">
        <main className="p-8">
          <h1 className="font-display text-4xl uppercase">Band Site</h1>
        </main>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
