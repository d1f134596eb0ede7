import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, FileText, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import type { Lyrics } from "@shared/api/lyrics";
import { Link, useLocation } from "wouter";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { errorMessage } from "@client/lib/api-client";
import { lyricsQuery, useAddHomepageLyrics } from "./api";
import { findHomepageLyrics, HOMEPAGE_LYRICS, HOMEPAGE_LYRICS_OPENING } from "./homepage-lyrics";

const REDIRECT_MS = 1500;

/**
 * /admin/lyrics/auto-add (spec section 2, changed by issue 13): it first says what it will add
 * (title and first lines) and adds it as a Draft only when asked; when an earlier visit already
 * added it, it offers to open that entry instead of adding a second one. The server decides when
 * adding (POST /api/lyrics/homepage): a tab opened before another one added the entry is told so.
 */
export default function LyricsAutoAddPage() {
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // A fresh read of the list, not a cached one: it decides whether the entry is already there.
  const list = useQuery({ ...lyricsQuery(), staleTime: 0 });
  // the entry the server found instead of adding one (another tab or person was first)
  const [foundOnAdd, setFoundOnAdd] = useState<Lyrics | null>(null);
  const add = useAddHomepageLyrics({
    onDone: (created, entry) => setFoundOnAdd(created ? null : entry),
    onError: (err) => setFailure(errorMessage(err)),
  });
  const added = add.isSuccess && !foundOnAdd;

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => navigate("/lyrics"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [added, navigate]);

  const existing = foundOnAdd ?? (list.data ? findHomepageLyrics(list.data) : undefined);
  const back = (
    <Button variant="outline" asChild>
      <Link href="/lyrics">Return to Lyrics</Link>
    </Button>
  );

  let body;
  // what was just done comes first: the list refreshed after the add holds the new entry
  if (failure) {
    body = (
      <>
        <XCircle className="size-10 text-red-400" aria-hidden />
        <p role="alert" className="text-sm text-red-400">
          Failed to add lyrics: {failure}
        </p>
        {back}
      </>
    );
  } else if (added) {
    body = (
      <>
        <CheckCircle2 className="size-10 text-emerald-400" aria-hidden />
        <p className="text-sm text-bone">Lyrics added successfully as a draft. Taking you back to the lyrics list...</p>
      </>
    );
  } else if (add.isPending) {
    body = (
      <>
        <Loader2 className="size-10 animate-spin text-dust" aria-hidden />
        <p className="text-sm text-dust">Adding the lyrics to the database...</p>
      </>
    );
    // (only the first read: a background refresh later does not hide the preview)
  } else if (!foundOnAdd && (list.isLoading || (list.isFetching && !list.isFetchedAfterMount))) {
    body = (
      <>
        <Loader2 className="size-10 animate-spin text-dust" aria-hidden />
        <p className="text-sm text-dust">Checking the lyrics list...</p>
      </>
    );
  } else if (!foundOnAdd && list.error) {
    body = (
      <>
        <XCircle className="size-10 text-red-400" aria-hidden />
        <p role="alert" className="text-sm text-red-400">
          Could not check the lyrics list, so nothing was added. Please try again.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => list.refetch()}>
            Retry
          </Button>
          {back}
        </div>
      </>
    );
  } else if (existing) {
    body = (
      <>
        <FileText className="size-10 text-dust" aria-hidden />
        <p className="text-sm text-bone">
          "{existing.title}" is already in your lyrics ({existing.isPublished ? "Published" : "Draft"}), so nothing was added.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href={`/lyrics/edit/${existing.id}`}>Open the existing entry</Link>
          </Button>
          {back}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <div className="w-full text-left">
          <p className="text-sm text-dust">This adds one lyrics entry:</p>
          <p className="mt-2 font-semibold text-bone">{HOMEPAGE_LYRICS.title}</p>
          <p className="text-xs text-dust">
            {[HOMEPAGE_LYRICS.albumName, HOMEPAGE_LYRICS.releaseYear].filter(Boolean).join(" · ")}
          </p>
          <blockquote className="mt-3 whitespace-pre-line border-l-2 border-smoke pl-3 text-sm italic text-bone">{HOMEPAGE_LYRICS_OPENING.join("\n")}...</blockquote>
          <p className="mt-3 text-sm text-dust">It starts as a Draft: fans see it once you publish it from the lyrics list.</p>
        </div>
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {back}
          <Button onClick={() => add.mutate()}>Add as Draft</Button>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Auto-Add Homepage Lyrics" subtitle={`Adds "${HOMEPAGE_LYRICS.title}" from the built-in homepage lyrics.`} />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center" aria-live="polite">
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
