import { lazy } from "react";
import { Route, Switch } from "wouter";
import HomePage from "../features/public/home/home-page";
import { PublicLayout } from "../features/public/layout/public-layout";
import LyricDetailPage from "../features/public/lyrics/lyric-detail-page";
import LyricsPage from "../features/public/lyrics/lyrics-page";
import MerchPage from "../features/public/merch/merch-page";
import ShowsPage from "../features/public/shows/shows-page";
import VideosPage from "../features/public/videos/videos-page";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageLoading } from "@client/components/page-loading";

// The indexed pages are in the entry chunk (a few KB): a lazy page would paint only after a
// second round trip for its chunk, the slowest step of its first paint (LCP). The pages a
// mail links to stay on demand.
const VerifyEmailPage = lazy(() => import("../features/public/mail/verify-email-page"));
const UnsubscribePage = lazy(() => import("../features/public/mail/unsubscribe-page"));
const PreferencesPage = lazy(() => import("../features/public/mail/preferences-page"));

/** Public pages (spec section 2), inside the public layout. */
export function PublicRoutes() {
  return (
    <PublicLayout loading={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/shows" component={ShowsPage} />
        <Route path="/videos" component={VideosPage} />
        <Route path="/merch" component={MerchPage} />
        <Route path="/lyrics" component={LyricsPage} />
        <Route path="/lyrics/:id" component={LyricDetailPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/unsubscribe" component={UnsubscribePage} />
        <Route path="/preferences" component={PreferencesPage} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
