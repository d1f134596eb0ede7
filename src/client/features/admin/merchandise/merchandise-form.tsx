import { zodResolver } from "@hookform/resolvers/zod";
import { ImageOff } from "lucide-react";
import { useRef, useState } from "react";
import { useForm, useWatch, type DefaultValues, type FieldErrors, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import { MERCH_IMAGE_HINT } from "@shared/schemas/merchandise";
import { UPLOAD_LIMITS } from "@shared/upload-limits";
import { MERCH_CATEGORIES, TEMPLATE_DIMENSIONS } from "@shared/categories";
import { merchandiseApi } from "@shared/api/merchandise";
import type { Merchandise } from "@shared/schemas/merchandise";
import { merchandiseInput, type MerchandiseData, type MerchandiseInput } from "@shared/schemas/merchandise";
import { FormActions } from "@client/components/ui/form-actions";
import { CheckboxField, NumberField, SelectField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { ApiError } from "@client/lib/api-client";
import { applyServerErrors } from "@client/lib/resource";
import { uploadFile } from "@client/lib/upload";
import { UploadField, type UploadMode } from "@client/components/ui/upload-field";
import { QuickFillButton } from "../components/quick-fill-button";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveMerchandise } from "./api";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
export const IMAGE_UPLOAD_FAILED = "Image upload failed. Please try again or use an image URL.";

const EMPTY: DefaultValues<MerchandiseInput> = {
  name: "",
  description: "",
  price: undefined,
  category: undefined,
  templateDimensions: undefined,
  imageUrl: "",
  amazonUrl: "",
  storeUrl: "",
  isNew: false,
  isFeatured: false,
  comingSoon: false,
};

/** Quick Fill: a 25.99 t-shirt, featured and new (spec section 9). */
export const SAMPLE_MERCH: MerchandiseInput = {
  name: "Floodplain Tour Tee",
  description: "Black heavyweight cotton tee with the Floodplain artwork on the front and spring tour dates on the back.",
  price: 25.99,
  category: "T-Shirt",
  templateDimensions: TEMPLATE_DIMENSIONS[0],
  imageUrl: "",
  amazonUrl: "https://www.amazon.com/s?k=tar+river+static+tee",
  isNew: true,
  isFeatured: true,
  comingSoon: false,
};

const baseResolver = zodResolver(merchandiseInput);

const IMAGE_ACCEPT = "image/svg+xml,image/png,image/jpeg,image/gif";
const IMAGE_TABS: { value: UploadMode; label: string }[] = [
  { value: "link", label: "Use a URL" },
  { value: "upload", label: "Upload a File" },
];

function ImagePlaceholder({ broken }: { broken: boolean }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-ash/50 px-3 text-center text-xs text-dust">
      <ImageOff className="size-6" aria-hidden />
      {broken ? "Image could not be loaded" : "No image"}
    </div>
  );
}

const toFormValues = (m: Merchandise): MerchandiseInput => ({ ...m, templateDimensions: m.templateDimensions as MerchandiseInput["templateDimensions"] });

/** The add/edit form; an image chosen in upload mode is uploaded at submit and its path becomes imageUrl. */
export function MerchandiseForm({ item }: { item?: Merchandise }) {
  const navigate = useNavigateAfterSave();
  const [mode, setMode] = useState<UploadMode>("link");
  const [file, setFile] = useState<File | null>(null);
  // A chosen file replaces the image URL at submit, so a URL left in the other tab is not judged.
  const uploadingFile = useRef(false);
  uploadingFile.current = mode === "upload" && file !== null;
  const resolver = useRef<Resolver<MerchandiseInput, unknown, MerchandiseData>>((values, context, options) =>
    baseResolver(uploadingFile.current ? { ...values, imageUrl: "" } : values, context, options),
  ).current;
  const form = useForm<MerchandiseInput, unknown, MerchandiseData>({ resolver, defaultValues: item ? toFormValues(item) : EMPTY });
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveMerchandise(item, {
    onSuccess: () => navigate("/merchandise"),
    onError: (err) => applyServerErrors(err, form.setError),
  });

  async function submit(values: MerchandiseData) {
    let imageUrl = values.imageUrl;
    if (mode === "upload" && file) {
      setProgress(0);
      try {
        const result = await uploadFile(merchandiseApi.upload, file, { onProgress: setProgress });
        imageUrl = result.data.filePath;
        // Uploaded once: a failed save does not upload the same file again.
        form.setValue("imageUrl", imageUrl);
        setFile(null);
      } catch (err) {
        const reason = (err instanceof ApiError && err.serverMessage) || "Failed to upload image";
        setFileError(reason);
        // Nothing is saved, so what the user typed stays in the form.
        toast.error("Upload Failed", { description: reason });
        if (!values.imageUrl) toast.error("Error", { description: IMAGE_UPLOAD_FAILED });
        return;
      } finally {
        setProgress(null);
      }
    }
    save.mutate({ ...values, imageUrl });
  }

  /** The image URL's error lives in the URL tab: bring that tab back so it can be seen. */
  function showHiddenImageError(errors: FieldErrors<MerchandiseInput>) {
    if (errors.imageUrl && mode === "upload") setMode("link");
  }

  const c = form.control;
  const imageUrl = useWatch({ control: c, name: "imageUrl" });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit, showHiddenImageError)} className="space-y-5">
      {/* keepDefaultValues: the filled form still counts as unsaved edits */}
      <QuickFillButton onFill={() => form.reset(SAMPLE_MERCH, { keepDefaultValues: true })} />
      <TextField control={c} name="name" label="Name" placeholder="Item name" />
      <TextAreaField control={c} name="description" label="Description" placeholder="What it is, material, fit..." rows={4} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField control={c} name="price" label="Price ($)" placeholder="e.g. 25.99" step={0.01} min={0} />
        <SelectField control={c} name="category" label="Category" placeholder="Select a category" options={options(MERCH_CATEGORIES)} />
      </div>
      <SelectField control={c} name="templateDimensions" label="Template Dimensions" placeholder="Select template dimensions" options={options(TEMPLATE_DIMENSIONS)} hint="The print file size the print-on-demand product needs. Not printing on demand? Choose Other." />
      <UploadField
        label="Image"
        fileLabel="Image file"
        accept={IMAGE_ACCEPT}
        maxBytes={UPLOAD_LIMITS.merchImage}
        hint={`${MERCH_IMAGE_HINT}. The file is uploaded when you save.`}
        file={file}
        selectedPrefix=""
        onFileChange={(chosen) => {
          setFile(chosen);
          setFileError(null);
        }}
        url={imageUrl}
        link={{ mode, onModeChange: setMode, tabs: IMAGE_TABS, input: <TextField control={c} name="imageUrl" type="url" label="Image URL" placeholder="https://example.com/shirt.png" /> }}
        error={fileError}
        progress={progress}
        disabled={progress !== null}
        preview={{ kind: "image", size: "lg", fileAlt: "Chosen file preview", placeholder: (broken) => <ImagePlaceholder broken={broken} /> }}
      />
      <TextField control={c} name="amazonUrl" type="url" label="Amazon URL" placeholder="https://www.amazon.com/..." hint="Where fans buy this item (print on demand)." />
      <TextField
        control={c}
        name="storeUrl"
        type="url"
        label="Other store URL (optional)"
        placeholder="e.g. https://yourband.bandcamp.com/merch"
        hint="Any shop: Bandcamp, Big Cartel, your own. Used instead of the Amazon link; the button names the shop. With neither link, fans read 'At the merch table'."
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">Status</legend>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <CheckboxField control={c} name="isNew" label="New" />
          <CheckboxField control={c} name="isFeatured" label="Featured" />
          <CheckboxField control={c} name="comingSoon" label="Coming Soon" />
        </div>
      </fieldset>
      {/* a chosen image file is an edit too */}
      <UnsavedChangesPrompt when={(form.formState.isDirty || file !== null) && !save.isSuccess} />
      <FormActions cancelHref="/merchandise" submitLabel={item ? "Update Merchandise" : "Create Merchandise"} pending={progress !== null || save.isPending} />
    </form>
  );
}
