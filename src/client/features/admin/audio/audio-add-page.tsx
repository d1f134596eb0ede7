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
          <Button variant="outline" onClick={() => setSimple((s) => !s)} aria-pressed={!simple} aria-describedby="audio-form-switch-hint">
            {simple ? "Switch to Full Form" : "Switch to Simplified Form"}
          </Button>
        }
      />
      <p id="audio-form-switch-hint" className="-mt-2 mb-4 text-xs text-dust">
        The simplified form asks only for the essentials; the full form adds Active, exact durations and Direct Submit. Switching keeps what you entered.
      </p>
      <Card>
        <CardContent className="pt-5">{simple ? <AudioSimpleForm defaultArtist={bandName} shared={shared} /> : <AudioFullForm defaultArtist={bandName} shared={shared} />}</CardContent>
      </Card>
    </div>
  );
}
