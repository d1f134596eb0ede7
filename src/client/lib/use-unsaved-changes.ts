import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

/** Where the admin was going when they were asked: a link's path, or one step back in history. */
type Destination = { kind: "link"; href: string } | { kind: "back" };

export interface UnsavedChanges {
  /** true while the question 'Leave without saving?' is open */
  asking: boolean;
  /** stay on the form (the edits stay) */
  stay: () => void;
  /** go where the admin was going; the edits are dropped */
  leave: () => void;
}

/** A plain left click on a same-window link inside this site (not a new tab, not a download). */
function inAppLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  // another site: the page unloads, and the browser's own prompt (beforeunload) asks
  if (url.origin !== window.location.origin) return null;
  return url;
}

/** Marks the history entry this hook pushes while a form has edits (see below). */
const GUARD_KEY = "unsavedChangesGuard";
const onGuardEntry = () => (window.history.state as Record<string, unknown> | null)?.[GUARD_KEY] === true;
const currentUrl = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * Asks before edits are lost (issue 13, 'Nothing irreversible by accident'). While `dirty`:
 * - a click on an in-app link (the sidebar, Cancel, breadcrumbs) is held and `asking` turns
 *   true; `leave()` then goes there through the router, `stay()` forgets it;
 * - the browser's Back is asked the same way; `leave()` then steps back for real;
 * - closing or reloading the tab gets the browser's own prompt (beforeunload; browsers do not
 *   let a page word it).
 * Navigation the code does itself (the redirect after a successful save) is never held: pass
 * `dirty` as false once the save succeeded (`isDirty && !save.isSuccess`).
 *
 * How Back is held: a page cannot cancel a history step, and the router reacts to popstate
 * before any listener of ours could (browsers run microtasks, so React renders, between
 * listeners). So while there are edits a guard entry with the form's own URL is pushed: Back
 * first lands on the same URL, the router has nothing to change, and the question is asked.
 * Stay pushes the guard again; Leave steps back once more, to where the admin was going.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const [, navigate] = useLocation();
  const [destination, setDestination] = useState<Destination | null>(null);
  // a link chosen with Leave, followed once the guard entry has been stepped off
  const linkAfterBack = useRef<string | null>(null);
  // the effect below must not re-run (and touch history) because the router gave a new function
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = "";
    };
    // Capture phase, before React's root listener: preventDefault here means wouter's <Link>
    // sees a handled click and does not navigate.
    const onClick = (event: MouseEvent) => {
      const url = inAppLink(event);
      if (!url) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      setDestination({ kind: "link", href: url.pathname + url.search + url.hash });
    };
    const formUrl = currentUrl();
    if (!onGuardEntry()) window.history.pushState({ [GUARD_KEY]: true }, "", formUrl);
    const onPopState = () => {
      // only the step from the guard onto the form's own entry is ours
      if (onGuardEntry() || currentUrl() !== formUrl) return;
      const href = linkAfterBack.current;
      linkAfterBack.current = null;
      if (href !== null) navigateRef.current(`~${href}`);
      else setDestination({ kind: "back" });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      // The guard entry stays when the edits are undone or saved: taking it off would be a
      // history step of its own, arriving after the next form (the audio form switch) mounted.
      // After a save, the form's redirect replaces it (useNavigateAfterSave below); after an
      // undo, it costs at most one Back press that changes nothing on screen.
    };
  }, [dirty]);

  const stay = useCallback(() => {
    // Back already stepped off the guard: put it back for the next time
    if (destination?.kind === "back") window.history.pushState({ [GUARD_KEY]: true }, "", currentUrl());
    setDestination(null);
  }, [destination]);

  const leave = useCallback(() => {
    const target = destination;
    setDestination(null);
    if (!target) return;
    if (target.kind === "back") {
      window.history.back();
    } else if (onGuardEntry()) {
      // step off the guard first, so Back from the new page does not land on it
      linkAfterBack.current = target.href;
      window.history.back();
    } else {
      // '~' makes the path absolute, whatever router base this form sits under (/admin)
      navigate(`~${target.href}`);
    }
  }, [destination, navigate]);

  return { asking: destination !== null, stay, leave };
}

/**
 * The navigation a form makes after a successful save (to its list). When the form had edits,
 * the admin is on the guard entry pushed above: the list then replaces it, so history reads as if
 * the admin had followed a link from the form (Back returns to the form, a second Back to where
 * they came from) instead of keeping a duplicate of the form that a Back press would step onto
 * without anything changing on screen.
 */
export function useNavigateAfterSave(): (href: string) => void {
  const [, navigate] = useLocation();
  return useCallback((href: string) => navigate(href, { replace: onGuardEntry() }), [navigate]);
}
