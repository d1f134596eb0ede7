import { FormPage } from "../components/form-page";
import { useLyric } from "./api";
import { LyricsForm } from "./lyrics-form";

/** /admin/lyrics/add and /admin/lyrics/edit/{id}; the edit form reads GET /api/lyrics/{id}, which shows drafts to admins. */
export default function LyricsFormPage({ params }: { params: { id?: string } }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useLyric}
      width="3xl"
      title={{ add: "Add New Lyrics", edit: "Edit Lyrics" }}
      subtitle={{ add: "Add a song's lyrics to the website.", edit: "Change these lyrics." }}
      notFound="Lyrics not found."
      listHref="/lyrics"
      form={(lyrics) => <LyricsForm key={lyrics?.id} lyrics={lyrics} />}
    />
  );
}
