import { useQueryClient } from "@tanstack/react-query";
import { lazy, useState } from "react";
import { Route, Switch } from "wouter";
import { hydrateInitialData } from "../features/public/initial-data";
import HomePage from "../features/public/home/home-page";
import { PublicLayout } from "../features/public/layout/public-layout";
import { NotFoundPage } from "./not-found-page";
import { PageLoading } from "./page-loading";

// The home page is in the entry chunk (it is the first paint); the other pages load on demand.
const VideosPage = lazy(() => import("../features/public/videos/videos-page"));
const MerchPage = lazy(() => import("../features/public/merch/merch-page"));
const LyricsPage = lazy(() => import("../features/public/lyrics/lyrics-page"));
const LyricDetailPage = lazy(() => import("../features/public/lyrics/lyric-detail-page"));
const VerifyEmailPage = lazy(() => import("../features/public/mail/verify-email-page"));
const UnsubscribePage = lazy(() => import("../features/public/mail/unsubscribe-page"));

/** Public pages (spec section 2), inside the public layout. */
export function PublicRoutes() {
  const queryClient = useQueryClient();
  // before the first render of any page, so it reads the server's inlined answers
  useState(() => hydrateInitialData(queryClient));
  return (
    <PublicLayout loading={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/videos" component={VideosPage} />
        <Route path="/merch" component={MerchPage} />
        <Route path="/lyrics" component={LyricsPage} />
        <Route path="/lyrics/:id" component={LyricDetailPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/unsubscribe" component={UnsubscribePage} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
