import { SKELETON_ROWS } from "@shared/constants";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { useBandName } from "@client/lib/band-name";
import { routeId } from "@client/lib/route-id";
import { useTrack } from "./api";
import { AudioFullForm } from "./audio-full-form";
import { BackToAudio } from "./back-to-audio";

/** /admin/audio/edit/{id}: the full form, starting in link mode with the stored links. */
export default function AudioEditPage({ params }: { params: Record<string, string | undefined> }) {
  const track = useTrack(routeId(params.id));
  const bandName = useBandName();
  return (
    <div>
      <BackToAudio />
      <PageHeader title="Edit Audio Track" subtitle={track.data ? track.data.title : undefined} />
      <Card>
        <CardContent className="pt-5">
          {track.isLoading ? (
            <div className="space-y-4" aria-busy="true" aria-label="Loading track">
              {Array.from({ length: SKELETON_ROWS }, (_, i) => <Skeleton key={i} className="h-10 w-full" />)}
            </div>
          ) : track.error || !track.data ? (
            <p role="alert" className="py-6 text-center text-sm text-red-400">
              Error loading audio track. It may have been deleted.
            </p>
          ) : (
            <AudioFullForm key={track.data.id} track={track.data} defaultArtist={bandName} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
