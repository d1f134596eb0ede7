import { formPage } from "../components/form-page";
import { useLyric } from "./api";
import { LyricsForm } from "./lyrics-form";

/** /admin/lyrics/add and /admin/lyrics/edit/{id}; the edit form reads GET /api/lyrics/{id}, which shows drafts to admins. */
export default formPage({ useRecord: useLyric, width: "3xl", listHref: "/lyrics", notFound: "Lyrics not found.", add: ["Add New Lyrics", "Add a song's lyrics to the website."], edit: ["Edit Lyrics", "Change these lyrics."], form: (lyrics) => <LyricsForm key={lyrics?.id} lyrics={lyrics} /> });
