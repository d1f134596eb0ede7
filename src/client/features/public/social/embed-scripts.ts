/** Third-party widget scripts (Instagram, Twitter/X), loaded once, on demand. */
const SCRIPTS = {
  instagram: "https://www.instagram.com/embed.js",
  twitter: "https://platform.twitter.com/widgets.js",
} as const;
export type EmbedKind = keyof typeof SCRIPTS;
export const RETRY_MS = 3000;

declare global {
  interface Window {
    instgrm?: { Embeds: { process(): void } };
    twttr?: { widgets?: { load(el?: Element): void } };
  }
}

function inject(kind: EmbedKind): Promise<void> {
  return new Promise((resolve, reject) => {
    const id = `embed-script-${kind}`;
    document.getElementById(id)?.remove();
    const s = document.createElement("script");
    s.id = id;
    s.src = SCRIPTS[kind];
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`${kind} script failed`));
    document.body.appendChild(s);
  });
}

function process(kind: EmbedKind, root?: Element): boolean {
  if (kind === "instagram" && window.instgrm) {
    window.instgrm.Embeds.process();
    return true;
  }
  if (kind === "twitter" && window.twttr?.widgets) {
    window.twttr.widgets.load(root);
    return true;
  }
  return false;
}

/**
 * Loads a widget script and asks it to render; when the script fails or its global is not
 * there yet, tries again after 3 seconds (spec section 9). Never runs on /admin pages.
 */
export function loadEmbed(kind: EmbedKind, root?: Element, { retries = 2, isCancelled = (): boolean => false }: { retries?: number; isCancelled?: () => boolean } = {}): void {
  if (location.pathname.includes("/admin")) return;
  const attempt = (left: number) => {
    if (isCancelled()) return;
    if (process(kind, root)) return;
    inject(kind)
      .then(() => {
        if (!process(kind, root)) throw new Error("widget not ready");
      })
      .catch(() => {
        if (left > 0) setTimeout(() => attempt(left - 1), RETRY_MS);
      });
  };
  attempt(retries);
}
