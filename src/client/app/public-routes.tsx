import { lazy, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import HomePage from "../features/public/home/home-page";
import { PublicLayout } from "../features/public/layout/public-layout";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageLoading } from "@client/components/page-loading";

// Only the home page is in the entry chunk (its JS is the budgeted one). The other pages arrive
// drawn by the server (decision 017), so their chunk no longer delays their first paint;
// main.tsx loads the current page's chunk before hydrating (preloadPage), so hydration never
// waits on it, and a page reached by a link shows PageLoading for one round trip.

/**
 * A page in its own chunk. Once the chunk is in (preloadPage, or an earlier visit) the page
 * renders at once, without the one suspended render React.lazy makes even for a loaded module,
 * which would leave a hydrating page's HTML dead until the next tick.
 */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => load().then((m) => ((loaded = m.default), m));
  const Lazy = lazy(loadOnce) as unknown as ComponentType<P>;
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Page, { load: loadOnce });
}

const ShowsPage = lazyPage(() => import("../features/public/shows/shows-page"));
const VideosPage = lazyPage(() => import("../features/public/videos/videos-page"));
const MerchPage = lazyPage(() => import("../features/public/merch/merch-page"));
const LyricsPage = lazyPage(() => import("../features/public/lyrics/lyrics-page"));
const LyricDetailPage = lazyPage(() => import("../features/public/lyrics/lyric-detail-page"));
const VerifyEmailPage = lazyPage(() => import("../features/public/mail/verify-email-page"));
const UnsubscribePage = lazyPage(() => import("../features/public/mail/unsubscribe-page"));
const PreferencesPage = lazyPage(() => import("../features/public/mail/preferences-page"));
const ThanksPage = lazyPage(() => import("../features/public/contact/thanks-page"));

const SERVER_DRAWN: [RegExp, { load: () => Promise<unknown> }][] = [
  [/^\/shows\/?$/, ShowsPage],
  [/^\/videos\/?$/, VideosPage],
  [/^\/merch\/?$/, MerchPage],
  [/^\/lyrics\/?$/, LyricsPage],
  [/^\/lyrics\/[^/]+\/?$/, LyricDetailPage],
  // drawn per request (issue 21): the mail pages and where a form posted without JavaScript leads
  [/^\/verify-email\/?$/, VerifyEmailPage],
  [/^\/unsubscribe\/?$/, UnsubscribePage],
  [/^\/preferences\/?$/, PreferencesPage],
  [/^\/thanks\/[^/]+\/?$/, ThanksPage],
];

/** Loads the chunk of the server-drawn page at `path` (nothing for the home page, in the entry chunk). */
export function preloadPage(path: string): Promise<unknown> {
  return SERVER_DRAWN.find(([pattern]) => pattern.test(path))?.[1].load() ?? Promise.resolve();
}

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
        <Route path="/thanks/:form" component={ThanksPage} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
