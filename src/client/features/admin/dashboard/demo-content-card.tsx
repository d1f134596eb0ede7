import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { demoContentApi, type DemoRemoval } from "@shared/api/demo-content";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { useDemoContent } from "../components/demo-badge";
import { useResourceMutation } from "@client/lib/resource";


/** Everything changes (shows, merch, videos, lyrics, members, tracks, settings): every query is refreshed. */
function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useResourceMutation<void, DemoRemoval>({
    method: "DELETE",
    url: demoContentApi.status,
    invalidate: [],
    onSuccess: () => queryClient.invalidateQueries(),
    successToast: "Demo content removed",
    errorToast: "Failed to remove the demo content. Please try again.",
  });
}

/**
 * Shown while the demo seed's rows are still there: what they are, and one click (confirmed) to
 * remove them. What the band added or edited stays (the server decides; see modules/demo-content).
 */
export function DemoContentCard() {
  const { data } = useDemoContent();
  const remove = useRemoveDemoContent();
  const [open, setOpen] = useState(false);
  if (!data?.total) return null;
  return (
    <Card className="mt-4 border-amber/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-amber" aria-hidden />
          This site still shows demo content
        </CardTitle>
        <CardDescription>
          The fictional band's shows, merch, videos, lyrics, members and tracks ({data.total} items) fill the site until you add your own. Remove them in one go when
          you are ready: anything you added or edited stays.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Remove all demo content
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove all demo content?"
        description={`This deletes the ${data.total} demo items, their photos and audio, and the demo band's name and links. What you added or edited is kept. This cannot be undone.`}
        confirmLabel="Remove demo content"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </Card>
  );
}
