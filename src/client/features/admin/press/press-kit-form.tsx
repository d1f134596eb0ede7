import { zodResolver } from "@hookform/resolvers/zod";
import { FileText, Trash2 } from "lucide-react";
import { useFieldArray, useForm, type UseFormReturn } from "react-hook-form";
import { PRESS_LIMITS, pressKitInput, type AdminPressKit, type PressKitInput, type PressKitValues } from "@shared/schemas/press";
import { maxSizeText, UPLOAD_LIMITS } from "@shared/upload-limits";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormActions } from "@client/components/ui/form-actions";
import { SwitchField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { applyServerErrors } from "@client/lib/resource";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { uploadPressFile, useSavePressKit } from "./api";
import { FilePicker } from "./file-picker";

const IMAGES = "image/png,image/jpeg,image/gif,image/webp";
const LOGOS = `${IMAGES},image/svg+xml`;

export function toFormValues(kit: AdminPressKit): PressKitInput {
  const { isPublic, shortBio, longBio, photos, logos, quotes, stagePlotUrl, techRiderUrl, bookingName, bookingEmail, pressName, pressEmail } = kit;
  return { isPublic, shortBio, longBio, photos, logos, quotes, stagePlotUrl, techRiderUrl, bookingName, bookingEmail, pressName, pressEmail };
}

/** The press kit's one form (issue 25): everything /press shows, saved together. */
export function PressKitForm({ kit }: { kit: AdminPressKit }) {
  const form = useForm<PressKitInput, unknown, PressKitValues>({ resolver: zodResolver(pressKitInput), defaultValues: toFormValues(kit) });
  const save = useSavePressKit({
    onSuccess: () => form.reset(form.getValues()),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const c = form.control;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Page and bios</CardTitle>
          <CardDescription>
            The press kit is at{" "}
            <a href="/press" className="underline underline-offset-4" target="_blank" rel="noreferrer">
              /press
            </a>
            . Switched off, it is only on private press links.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <SwitchField control={c} name="isPublic" label="Public press kit page" />
          <TextAreaField control={c} name="shortBio" label="Short bio" rows={3} hint={`A few sentences a writer can quote (${PRESS_LIMITS.shortBio} characters at most).`} />
          <TextAreaField control={c} name="longBio" label="Long bio" rows={10} />
        </CardContent>
      </Card>
      <Photos form={form} />
      <Logos form={form} />
      <Quotes form={form} />
      <Documents form={form} />
      <Card>
        <CardHeader>
          <CardTitle>Contacts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <TextField control={c} name="bookingName" label="Booking contact" placeholder="Name or agency" />
          <TextField control={c} name="bookingEmail" type="email" label="Booking email" placeholder="booking@example.com" />
          <TextField control={c} name="pressName" label="Press contact" placeholder="Name or publicist" />
          <TextField control={c} name="pressEmail" type="email" label="Press email" placeholder="press@example.com" />
        </CardContent>
      </Card>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isPending} />
      <FormActions cancelHref="/" submitLabel="Save Press Kit" pending={save.isPending} />
    </form>
  );
}

type Form = UseFormReturn<PressKitInput, unknown, PressKitValues>;

function Photos({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "photos" });
  const full = fields.length >= PRESS_LIMITS.photos;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Photos</CardTitle>
        <CardDescription>High-resolution photos; the page offers each original file for download, with its credit. PNG, JPG, GIF or WebP, {maxSizeText(UPLOAD_LIMITS.image)}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {fields.map((field, i) => (
          <div key={field.id} className="grid gap-4 border-b border-smoke pb-4 sm:grid-cols-[8rem_1fr_auto]">
            <img src={form.getValues(`photos.${i}.url`)} alt={`Press photo ${i + 1}`} className="aspect-[3/2] w-32 bg-ash object-cover" />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField control={form.control} name={`photos.${i}.credit`} label="Credit" placeholder="Photographer" />
              <TextField control={form.control} name={`photos.${i}.caption`} label="Caption" placeholder="Live at The Pour House, 2026" />
            </div>
            <Button type="button" variant="ghost" size="icon" onClick={() => remove(i)} aria-label={`Remove photo ${i + 1}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <FilePicker label="Add photos" accept={IMAGES} multiple maxBytes={UPLOAD_LIMITS.image} disabled={full} upload={(file) => uploadPressFile("image", file)} onUploaded={(url) => append({ url, credit: "", caption: "" }, { focusName: `photos.${fields.length}.credit` })} />
      </CardContent>
    </Card>
  );
}

function Logos({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "logos" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logos</CardTitle>
        <CardDescription>SVG, PNG, JPG, GIF or WebP, {maxSizeText(UPLOAD_LIMITS.image)}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {fields.map((field, i) => (
          <div key={field.id} className="grid items-end gap-4 border-b border-smoke pb-4 sm:grid-cols-[6rem_1fr_auto]">
            <img src={form.getValues(`logos.${i}.url`)} alt={`Logo ${i + 1}`} className="aspect-square w-24 bg-bone/90 object-contain p-2" />
            <TextField control={form.control} name={`logos.${i}.label`} label="Name" placeholder="Wordmark, black" />
            <Button type="button" variant="ghost" size="icon" onClick={() => remove(i)} aria-label={`Remove logo ${i + 1}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <FilePicker label="Add logo" accept={LOGOS} maxBytes={UPLOAD_LIMITS.image} disabled={fields.length >= PRESS_LIMITS.logos} upload={(file) => uploadPressFile("image", file)} onUploaded={(url, file) => append({ url, label: file.name.replace(/\.[^.]+$/, "") })} />
      </CardContent>
    </Card>
  );
}

function Quotes({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "quotes" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Press quotes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {fields.map((field, i) => (
          <div key={field.id} className="space-y-3 border-b border-smoke pb-4">
            <TextAreaField control={form.control} name={`quotes.${i}.quote`} label={`Quote ${i + 1}`} rows={3} />
            <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <TextField control={form.control} name={`quotes.${i}.source`} label="Source" placeholder="Coastal Weekly" />
              <TextField control={form.control} name={`quotes.${i}.sourceUrl`} type="url" label="Link (optional)" placeholder="https://..." />
              <Button type="button" variant="ghost" size="icon" onClick={() => remove(i)} aria-label={`Remove quote ${i + 1}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" disabled={fields.length >= PRESS_LIMITS.quotes} onClick={() => append({ quote: "", source: "", sourceUrl: "" }, { focusName: `quotes.${fields.length}.quote` })}>
          Add quote
        </Button>
      </CardContent>
    </Card>
  );
}

function Documents({ form }: { form: Form }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stage plot and tech rider</CardTitle>
        <CardDescription>PDF files, {maxSizeText(UPLOAD_LIMITS.pdf)}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <PdfField form={form} name="stagePlotUrl" label="Stage plot" />
        <PdfField form={form} name="techRiderUrl" label="Tech rider" />
      </CardContent>
    </Card>
  );
}

function PdfField({ form, name, label }: { form: Form; name: "stagePlotUrl" | "techRiderUrl"; label: string }) {
  const url = form.watch(name);
  const error = form.formState.errors[name]?.message;
  const set = (value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      {url ? (
        <p className="flex items-center gap-2 text-sm">
          <FileText className="h-4 w-4" aria-hidden="true" />
          <a href={url} className="underline underline-offset-4">
            {label} (PDF)
          </a>
          <Button type="button" variant="ghost" size="sm" onClick={() => set("")} aria-label={`Remove the ${label.toLowerCase()}`}>
            Remove
          </Button>
        </p>
      ) : (
        <p className="text-sm text-dust">None yet.</p>
      )}
      <FilePicker label={url ? "Replace PDF" : "Upload PDF"} accept="application/pdf,.pdf" maxBytes={UPLOAD_LIMITS.pdf} upload={(file) => uploadPressFile("pdf", file)} onUploaded={set} />
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
