import { lazy, Suspense, useEffect, useState } from "react";

/*
 * sonner is not in the public entry chunk: a visitor sees a toast only after sending a form, so
 * the library (about 9 KB gzip) loads when the first toast is asked for, not with every page.
 * A toast raised before the Toaster mounts is shown when it mounts (sonner replays active toasts).
 */
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let wanted = false;
const onWanted = new Set<() => void>();

function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const show of onWanted) show();
}

/** Starts loading the toast library (call it when a form is sent, so it is there for the answer). */
export function prepareToast() {
  wantToaster();
  void import("sonner").catch(() => {});
}

export async function showToast(kind: "success" | "error", text: string, options?: { duration?: number }) {
  wantToaster();
  const { toast } = await import("sonner");
  toast[kind](text, options);
}

/** The site's one Toaster. `onDemand`: mounted once a toast is asked for (public pages); else at once (admin). */
export function SiteToaster({ onDemand }: { onDemand: boolean }) {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    const show = () => setOn(true);
    if (wanted) show();
    onWanted.add(show);
    return () => void onWanted.delete(show);
  }, []);
  if (onDemand && !on) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme="dark" position="top-center" visibleToasts={1} richColors closeButton />
    </Suspense>
  );
}
