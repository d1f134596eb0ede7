import { useEffect } from "react";
import { Link, useLocation } from "wouter";

/** '404 Page Not Found'. Under /admin it is flagged as an admin page (no social embeds there). */
export function NotFoundPage() {
  const [location] = useLocation();
  const isAdminPage = location.includes("/admin");
  useEffect(() => {
    document.title = "404 Page Not Found";
  }, []);
  return (
    <main data-admin-page={isAdminPage || undefined} className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="font-display text-8xl text-blood" aria-hidden="true">
        404
      </p>
      <h1 className="font-display text-3xl uppercase tracking-wide">404 Page Not Found</h1>
      <p className="max-w-md text-dust">The page you are looking for does not exist or has moved.</p>
      <Link href={isAdminPage ? "~/admin" : "~/"} className="rounded bg-blood px-5 py-2 font-semibold uppercase tracking-wide text-bone hover:bg-blood-dark">
        {isAdminPage ? "Back to dashboard" : "Back to home"}
      </Link>
    </main>
  );
}
