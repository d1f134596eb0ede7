import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import type { InitialPage, RenderPage } from "@shared/page-render";
import { App } from "./app/App";

/**
 * The server's render of a public page (decision 017), built by scripts/build.mjs into the SSR
 * folder and loaded by the server at run time. The tree is main.tsx's, drawn from the same
 * inlined page, so the browser hydrates it without a difference. `prerender` (not
 * renderToString) waits for lazy parts and Suspense, so the HTML is the finished page.
 */
export const render: RenderPage = async (url: string, page: InitialPage) => {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={url}>
        <App page={page} />
      </Router>
    </StrictMode>,
    // never split a large boundary out into a later chunk: that needs React's inline scripts, which the CSP refuses
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
};
