/**
 * The contract between the server and the client's server-render entry (decision 017). The
 * server never imports client code: it loads the SSR build's file at run time and calls its
 * `render`, typed by this file, which both sides may import.
 */
import type { FormFields } from "./form-fields";

/** The id of the `<script type="application/json">` holding the page's InitialPage. */
export const INITIAL_DATA_ID = "app-data";

/** The file the SSR build writes (`scripts/build.mjs`), holding `export const render: RenderPage`. */
export const SSR_ENTRY_FILE = "entry-server.js";

/**
 * What the server inlines into a page and renders it from: the answers of the page's first
 * queries keyed by GET URL, and the day the page was built for. The client renders its first
 * frame from the same day, so 'upcoming' and the footer's year match the server's HTML.
 */
export interface InitialPage {
  path: string;
  /** YYYY-MM-DD */
  today: string;
  /**
   * The instant (ISO) the page is drawn as of when some of its shows go on sale at a time
   * (issue 24, decision 036): the latest such time that has passed; absent, before all of them.
   * The client's first render reads the ticket links as of it, so it draws the server's HTML.
   */
  asOf?: string;
  /** the site's public address (PUBLIC_URL): links that need a host (webcal://) are whole in the server's HTML */
  origin?: string;
  queries: Record<string, unknown>;
  /**
   * The answer to a form posted without JavaScript (issue 21), drawn into the page the form is
   * on: the same outcome, message and field errors the JSON API gives, and what was typed.
   */
  form?: FormAnswer;
}

/** The public forms a page can post as an ordinary form, by the name their component knows. */
export type FormName = "subscribe" | "contact" | "unsubscribe" | "verify-email" | "preferences" | "preferences-unsubscribe" | "preferences-delete" | "presale" | "rsvp" | "rsvp-confirm" | "rsvp-leave" | "town" | "press-link" | "release-notify" | "release-download" | "release-file" | "release-notify-form" | "release-download-form";

export interface FormAnswer {
  form: FormName;
  /** the page (path and query) the answer is drawn on: the browser's address shows it once the app runs */
  page: string;
  ok: boolean;
  /** the API's message (success text, or the refusal in plain words) */
  message: string;
  /** the API's field errors, keyed by the JSON body's field names */
  errors?: Record<string, string>;
  /** the posted fields, so a refused form keeps what the fan typed */
  values?: FormFields;
}

/** Renders the app for `url` (path and query) from `page`, once every lazy part is in: the HTML inside #root. */
export type RenderPage = (url: string, page: InitialPage) => Promise<string>;
