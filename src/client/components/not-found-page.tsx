import { useEffect } from "react";
import { Link, useLocation } from "wouter";

/** '404 Page Not Found'. Under /admin it is flagged as an admin page (no social embeds there). */
export function NotFoundPage() {
  const [location] = useLocation();
  // inside the admin app the router's location is relative to /admin: the address says it. A
  // public path that merely contains '/admin' is the public page the server drew (decision 029).
  const isAdminPage = location.startsWith("/admin") || (typeof window !== "undefined" && /^\/admin(\/|$)/.test(window.location.pathname));
  useEffect(() => {
    document.title = "404 Page Not Found";
  }, []);
  return (
    <main data-admin-page={isAdminPage || undefined} className="relative flex min-h-[70vh] flex-col items-center justify-center gap-6 overflow-hidden px-6 py-16 text-center">
      <p aria-hidden="true" className="relative font-display text-[clamp(8rem,40vw,16rem)] leading-[0.8] tracking-tighter text-blood select-none">
        404
        <span className="absolute inset-0 translate-x-2 translate-y-2 text-transparent [-webkit-text-stroke:2px_var(--color-bone)] opacity-40">404</span>
      </p>
      <h1 className="font-display text-4xl tracking-wide uppercase sm:text-5xl">404 Page Not Found</h1>
      <p className="max-w-md text-dust">The page you are looking for does not exist or has moved. Maybe it got left behind at the last venue.</p>
      <Link href={isAdminPage ? "~/admin" : "~/"} className="bg-blood-dark px-6 py-3 font-display text-xl tracking-wide text-bone uppercase transition hover:bg-blood">
        {isAdminPage ? "Back to dashboard" : "Back to home"}
      </Link>
    </main>
  );
}
