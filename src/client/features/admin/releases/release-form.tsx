import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import type { AdminRelease, ReleaseInput } from "@shared/api/releases";
import { uploadsApi } from "@shared/api/uploads";
import { zonedDateTimeToIso, zonedParts } from "@shared/newsletter-schedule";
import { RELEASE_SERVICES, RELEASE_TYPE_LABELS, RELEASE_TYPES, SERVICE_LABELS, serviceLinkProblem, type ReleaseService } from "@shared/release-services";
import { UPLOAD_LIMITS } from "@shared/upload-limits";
import { Button } from "@client/components/ui/button";
import { FormActions } from "@client/components/ui/form-actions";
import { DateField, SelectField, SwitchField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { Label } from "@client/components/ui/label";
import { UploadField, type UploadMode } from "@client/components/ui/upload-field";
import { ApiError } from "@client/lib/api-client";
import { useSetting } from "@client/lib/settings";
import { uploadFile } from "@client/lib/upload";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveRelease, useTracks } from "./api";

/** What the form holds: the links one field per service, the time as a date and a time in the band's zone. */
interface Values {
  title: string;
  slug: string;
  type: ReleaseInput["type"];
  date: string;
  time: string;
  description: string;
  coverImage: string;
  links: Record<ReleaseService, string>;
  trackIds: number[];
  published: boolean;
  /** '' none, 'track:<id>', or 'file' */
  download: string;
  downloadFile: string;
}

const noLinks = () => Object.fromEntries(RELEASE_SERVICES.map((s) => [s, ""])) as Record<ReleaseService, string>;

function valuesOf(r: AdminRelease | undefined, timeZone: string): Values {
  if (!r) return { title: "", slug: "", type: "single", date: "", time: "00:00", description: "", coverImage: "", links: noLinks(), trackIds: [], published: false, download: "none", downloadFile: "" };
  const { date, time } = zonedParts(new Date(r.releaseAt), timeZone);
  const links = noLinks();
  for (const l of r.links) links[l.service] = l.url;
  return {
    title: r.title,
    slug: r.slug,
    type: r.type,
    date,
    time,
    description: r.description,
    coverImage: r.coverImage,
    links,
    trackIds: r.trackIds,
    published: r.published,
    download: r.downloadTrackId ? `track:${r.downloadTrackId}` : r.downloadFile ? "file" : "none",
    downloadFile: r.downloadFile ?? "",
  };
}

const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

/** The server's field errors on the form's fields ('links.2.url' is that link's service field). */
function markServerErrors(err: unknown, sent: ReleaseInput, setError: UseFormSetError<Values>) {
  if (!(err instanceof ApiError) || !err.body?.errors) return;
  Object.entries(err.body.errors).forEach(([key, message], i) => {
    const link = /^links\.(\d+)\./.exec(key);
    const field = link ? `links.${sent.links?.[Number(link[1])]?.service ?? "spotify"}` : key === "releaseAt" ? "date" : key === "downloadTrackId" ? "download" : key;
    setError(field as never, { type: "server", message }, { shouldFocus: i === 0 });
  });
}

/** /admin/releases/add and /admin/releases/edit/{id} (issue 25): drawn once the band's time zone is known (the form's day and time are read in it). */
export function ReleaseForm({ release }: { release?: AdminRelease }) {
  const zone = useSetting("timezone");
  if (zone.isLoading) return <p role="status" className="text-sm text-dust">Loading...</p>;
  return <ReleaseFormIn release={release} timeZone={zone.value} />;
}

function ReleaseFormIn({ release, timeZone }: { release?: AdminRelease; timeZone: string }) {
  const navigate = useNavigateAfterSave();
  const form = useForm<Values>({ defaultValues: valuesOf(release, timeZone) });
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<UploadMode>(release?.coverImage && !release.coverImage.startsWith("/uploads/") ? "link" : "upload");
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const sent = useRef<ReleaseInput>({ title: "", type: "single", releaseAt: "" });
  const tracks = useTracks();
  const save = useSaveRelease(release, { onSuccess: () => navigate("/releases"), onError: (err) => markServerErrors(err, sent.current, form.setError) });
  const c = form.control;
  const coverImage = useWatch({ control: c, name: "coverImage" });
  const download = useWatch({ control: c, name: "download" });
  const trackIds = useWatch({ control: c, name: "trackIds" });

  async function submit(v: Values) {
    const releaseAt = zonedDateTimeToIso(v.date, v.time, timeZone);
    if (!releaseAt) {
      form.setError("date", { type: "client", message: "Choose the day and time it comes out" }, { shouldFocus: true });
      return;
    }
    const links = RELEASE_SERVICES.filter((s) => v.links[s].trim()).map((service) => ({ service, url: v.links[service].trim() }));
    const bad = links.find((l) => serviceLinkProblem(l.service, l.url));
    if (bad) {
      form.setError(`links.${bad.service}`, { type: "client", message: `The ${SERVICE_LABELS[bad.service]} link ${serviceLinkProblem(bad.service, bad.url)}` }, { shouldFocus: true });
      return;
    }
    let cover = v.coverImage;
    if (mode === "upload" && file) {
      setProgress(0);
      try {
        cover = (await uploadFile(`${uploadsApi.media("image")}&purpose=cover-art`, file, { onProgress: setProgress })).data.filePath;
        form.setValue("coverImage", cover);
        setFile(null);
      } catch (err) {
        setFileError((err instanceof ApiError && err.serverMessage) || "Failed to upload image");
        return;
      } finally {
        setProgress(null);
      }
    }
    sent.current = {
      title: v.title,
      slug: v.slug.trim() || null,
      type: v.type,
      releaseAt,
      description: v.description,
      coverImage: cover,
      links,
      trackIds: v.trackIds,
      published: v.published,
      downloadTrackId: v.download.startsWith("track:") ? Number(v.download.slice(6)) : null,
      downloadFile: v.download === "file" ? v.downloadFile.trim() || null : null,
    };
    save.mutate(sent.current);
  }

  const pending = progress !== null || save.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={c} name="title" label="Title" placeholder="e.g. Static Season" />
        <SelectField control={c} name="type" label="Type" options={RELEASE_TYPES.map((t) => ({ value: t, label: RELEASE_TYPE_LABELS[t] }))} />
      </div>
      <fieldset className="space-y-2 rounded-md border border-smoke p-4">
        <legend className="px-1 text-sm font-medium">Release time ({timeZone})</legend>
        <div className="flex flex-wrap gap-3">
          <DateField control={c} name="date" label="Day" placeholder="Pick a day" />
          <TextField control={c} name="time" type="time" label="Time" />
        </div>
        <p className="text-xs text-dust">Until then the page counts down and fans can ask to be told; at that minute the links appear and each of them gets one mail.</p>
      </fieldset>
      <TextField control={c} name="slug" label="Page address (optional)" placeholder="made from the title" hint="The page is /releases/<address>: lower-case letters, digits and dashes." />
      <TextAreaField control={c} name="description" label="Description" placeholder="A few words about it" rows={4} />
      <UploadField
        label="Cover image"
        fileLabel="Cover image file"
        accept={IMAGE_ACCEPT}
        maxBytes={UPLOAD_LIMITS.coverArt}
        hint="Square, at least 1200 px wide. Used on the page and when it is shared. The file is uploaded when you save."
        file={file}
        selectedPrefix=""
        onFileChange={(chosen) => {
          setFile(chosen);
          setFileError(null);
        }}
        url={coverImage}
        link={{ mode, onModeChange: setMode, input: <TextField control={c} name="coverImage" label="Cover image URL" placeholder="https://..." /> }}
        error={fileError}
        progress={progress}
        disabled={pending}
        preview={{ kind: "image", size: "lg" }}
      />
      <fieldset className="space-y-3 rounded-md border border-smoke p-4">
        <legend className="px-1 text-sm font-medium">Streaming and store links</legend>
        <p className="text-xs text-dust">Each link must be on its service (https). Fans see them from the release time on, counted like the other outbound links.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {RELEASE_SERVICES.map((s) => (
            <TextField key={s} control={c} name={`links.${s}`} type="url" label={SERVICE_LABELS[s]} placeholder="https://..." />
          ))}
        </div>
      </fieldset>
      <Tracklist value={trackIds} onChange={(ids) => form.setValue("trackIds", ids, { shouldDirty: true })} />
      <fieldset className="space-y-3 rounded-md border border-smoke p-4">
        <legend className="px-1 text-sm font-medium">Free download for the list</legend>
        <SelectField
          control={c}
          name="download"
          label="Offer"
          options={[{ value: "none", label: "No free download" }, ...trackIds.map((id) => ({ value: `track:${id}`, label: `Track: ${trackName(id)}` })), { value: "file", label: "A file uploaded for it" }]}
          hint="A fan gives an e-mail; once confirmed they join the mailing list and get a personal link (5 downloads, 7 days)."
        />
        {download === "file" && <TextField control={c} name="downloadFile" label="File (an upload's path)" placeholder="/uploads/audio/..." hint="Upload it under Audio, then paste its path." />}
      </fieldset>
      <SwitchField control={c} name="published" label="Published (its page is on the site)" />
      <UnsavedChangesPrompt when={(form.formState.isDirty || file !== null) && !save.isSuccess} />
      <FormActions cancelHref="/releases" submitLabel={release ? "Update Release" : "Create Release"} pending={pending} />
    </form>
  );

  function trackName(id: number) {
    return tracks.data?.find((t) => t.id === id)?.title ?? `#${id}`;
  }
}

/** The tracklist: tracks from the audio library, in order (add, move up or down, remove). */
function Tracklist({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const id = useId();
  const tracks = useTracks();
  const [pick, setPick] = useState("");
  const byId = new Map((tracks.data ?? []).map((t) => [t.id, t]));
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const available = (tracks.data ?? []).filter((t) => !value.includes(t.id));
  return (
    <fieldset className="space-y-3 rounded-md border border-smoke p-4">
      <legend className="px-1 text-sm font-medium">Tracklist</legend>
      {value.length === 0 ? (
        <p className="text-sm text-dust">No tracks yet. A track's lyrics are linked when published lyrics have the same song name.</p>
      ) : (
        <ol className="space-y-2">
          {value.map((trackId, i) => (
            <li key={trackId} className="flex items-center gap-2 rounded border border-smoke px-3 py-1.5">
              <span className="w-6 text-dust tabular-nums">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate">{byId.get(trackId)?.title ?? `Track #${trackId}`}</span>
              <Button type="button" variant="ghost" size="icon" aria-label={`Move ${byId.get(trackId)?.title ?? trackId} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" aria-label={`Move ${byId.get(trackId)?.title ?? trackId} down`} disabled={i === value.length - 1} onClick={() => move(i, 1)}>
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${byId.get(trackId)?.title ?? trackId}`} onClick={() => onChange(value.filter((x) => x !== trackId))}>
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-pick`}>Add a track</Label>
          <select id={`${id}-pick`} value={pick} onChange={(e) => setPick(e.target.value)} className="h-10 min-w-56 rounded-md border border-smoke bg-coal px-3 text-sm">
            <option value="">{tracks.isLoading ? "Loading tracks..." : available.length ? "Choose a track" : "No more tracks in the library"}</option>
            {available.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title} ({t.artist})
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!pick}
          onClick={() => {
            onChange([...value, Number(pick)]);
            setPick("");
          }}
        >
          Add
        </Button>
      </div>
    </fieldset>
  );
}
