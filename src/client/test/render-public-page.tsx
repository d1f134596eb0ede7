import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { FormAnswerContext, type FormAnswer } from "@client/lib/form-answer";
import { createQueryClient } from "@client/lib/query-client";

/** A public page at `path` (its query string read by the page), with the form answer a server-drawn page would carry. */
export function renderPublicPageAt(path: string, page: ReactElement, answer: FormAnswer | null = null) {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook} searchHook={searchHook}>
        <FormAnswerContext value={answer}>{page}</FormAnswerContext>
      </Router>
    </QueryClientProvider>,
  );
}
