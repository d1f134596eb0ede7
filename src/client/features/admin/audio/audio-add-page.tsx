import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { useBandName } from "@client/lib/band-name";
import { useAddDraft } from "./add-draft";
import { AudioFullForm } from "./audio-full-form";
import { AudioSimpleForm } from "./audio-simple-form";
import { BackToAudio } from "./back-to-audio";

/** /admin/audio/add: the simplified form by default, with a toggle to the full form. */
export default function AudioAddPage() {
  const [simple, setSimple] = useState(true);
  const bandName = useBandName();
  const shared = useAddDraft();
  return (
    <div>
      <BackToAudio />
      <PageHeader
        title="Add Audio Track"
        subtitle={simple ? "Upload a track with just the essentials." : "Every field of the track, with upload or link for audio and cover art."}
        actions={
          <Button variant="outline" onClick={() => setSimple((s) => !s)} aria-pressed={!simple}>
            {simple ? "Switch to Full Form" : "Switch to Simplified Form"}
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-5">{simple ? <AudioSimpleForm defaultArtist={bandName} shared={shared} /> : <AudioFullForm defaultArtist={bandName} shared={shared} />}</CardContent>
      </Card>
    </div>
  );
}
