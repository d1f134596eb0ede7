import { lazy, type ComponentType } from "react";
import { Route, Switch, type RouteComponentProps } from "wouter";
import HomePage from "../features/public/home/home-page";
import { PublicLayout } from "../features/public/layout/public-layout";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageLoading } from "@client/components/page-loading";
import { matchPage, PUBLIC_PAGE_NAMES, PUBLIC_PAGES, type PublicPageName } from "@shared/pages";

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

/** Each page of src/shared/pages.ts (path, data, description) with its component. */
const COMPONENTS: Record<PublicPageName, ComponentType<RouteComponentProps> & { load?: () => Promise<unknown> }> = {
  home: HomePage,
  shows: lazyPage(() => import("../features/public/shows/shows-page")),
  videos: lazyPage(() => import("../features/public/videos/videos-page")),
  merch: lazyPage(() => import("../features/public/merch/merch-page")),
  lyrics: lazyPage(() => import("../features/public/lyrics/lyrics-page")),
  lyric: lazyPage(() => import("../features/public/lyrics/lyric-detail-page")),
  privacy: lazyPage(() => import("../features/public/privacy/privacy-page")),
  press: lazyPage(() => import("../features/public/press/press-page")),
  // a private press link (issue 25), drawn per request by modules/press
  pressLink: lazyPage(() => import("../features/public/press/press-link-page")),
  // drawn per request (issue 21): the mail pages and where a form posted without JavaScript leads
  verifyEmail: lazyPage(() => import("../features/public/mail/verify-email-page")),
  unsubscribe: lazyPage(() => import("../features/public/mail/unsubscribe-page")),
  preferences: lazyPage(() => import("../features/public/mail/preferences-page")),
  thanks: lazyPage(() => import("../features/public/contact/thanks-page")),
  rsvpConfirm: lazyPage(() => import("../features/public/shows/rsvp-confirm-page")),
  rsvpLeave: lazyPage(() => import("../features/public/shows/rsvp-leave-page")),
  // issue 25
  releases: lazyPage(() => import("../features/public/releases/releases-page")),
  release: lazyPage(() => import("../features/public/releases/release-page")),
  releaseNotify: lazyPage(() => import("../features/public/releases/release-link-pages")),
  releaseDownload: lazyPage(() => import("../features/public/releases/release-download-page")),
  releaseFile: lazyPage(() => import("../features/public/releases/release-file-page")),
};

/** Loads the chunk of the server-drawn page at `path` (nothing for the home page, in the entry chunk). */
export function preloadPage(path: string): Promise<unknown> {
  const page = matchPage(path);
  return (page && COMPONENTS[page.name].load?.()) ?? Promise.resolve();
}

/** Public pages (spec section 2), inside the public layout. */
export function PublicRoutes() {
  return (
    <PublicLayout loading={<PageLoading />}>
      <Switch>
        {PUBLIC_PAGE_NAMES.map((name) => (
          <Route key={name} path={PUBLIC_PAGES[name].path} component={COMPONENTS[name]} />
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
