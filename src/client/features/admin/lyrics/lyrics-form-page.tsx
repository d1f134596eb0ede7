import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useLyric } from "./api";
import { LyricsForm } from "./lyrics-form";

/** /admin/lyrics/add and /admin/lyrics/edit/{id}; the edit form reads GET /api/lyrics/{id}, which shows drafts to admins. */
export default function LyricsFormPage({ params }: { params: { id?: string } }) {
  const id = params.id;
  const lyrics = useLyric(id ? routeId(id) : null);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={id ? "Edit Lyrics" : "Add New Lyrics"} subtitle={id ? "Change these lyrics." : "Add a song's lyrics to the website."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={lyrics} notFound="Lyrics not found." backHref="/lyrics">
              {(data) => <LyricsForm key={data.id} lyrics={data} />}
            </FormLoadState>
          ) : (
            <LyricsForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
