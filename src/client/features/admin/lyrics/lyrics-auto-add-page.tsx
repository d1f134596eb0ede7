import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { errorMessage } from "@client/lib/api-client";
import { useAddHomepageLyrics } from "./api";
import { HOMEPAGE_LYRICS } from "./homepage-lyrics";

const REDIRECT_MS = 1500;

/** /admin/lyrics/auto-add: on opening, stores the built-in homepage lyrics once, then goes back to the list. */
export default function LyricsAutoAddPage() {
  const [, navigate] = useLocation();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddHomepageLyrics({ onError: (err) => setFailure(errorMessage(err)) });

  // Once per visit, even when React runs effects twice in development.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    add.mutate();
  }, [add]);

  useEffect(() => {
    if (!add.isSuccess) return;
    const timer = setTimeout(() => navigate("/lyrics"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [add.isSuccess, navigate]);

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Auto-Add Homepage Lyrics" subtitle={`Adds "${HOMEPAGE_LYRICS.title}" from the built-in homepage lyrics.`} />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center" aria-live="polite">
          {failure ? (
            <>
              <XCircle className="size-10 text-red-400" aria-hidden />
              <p role="alert" className="text-sm text-red-400">
                Failed to add lyrics: {failure}
              </p>
              <Button variant="outline" asChild>
                <Link href="/lyrics">Return to Lyrics</Link>
              </Button>
            </>
          ) : add.isSuccess ? (
            <>
              <CheckCircle2 className="size-10 text-emerald-400" aria-hidden />
              <p className="text-sm text-bone">Lyrics added successfully. Taking you back to the lyrics list...</p>
            </>
          ) : (
            <>
              <Loader2 className="size-10 animate-spin text-dust" aria-hidden />
              <p className="text-sm text-dust">Adding the lyrics to the database...</p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
