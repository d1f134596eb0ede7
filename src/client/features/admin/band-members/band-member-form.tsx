import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { uploadsApi } from "@shared/api/uploads";
import { todayIso } from "@shared/format";
import { maxSizeText, UPLOAD_LIMITS } from "@shared/upload-limits";
import { bandMemberFormSchema, type BandMemberFormValues } from "@shared/schemas/band-members";
import type { BandMember } from "@shared/schemas/band-members";
import { Field } from "@client/components/ui/field";
import { FormActions } from "@client/components/ui/form-actions";
import { NumberField, SwitchField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { Input } from "@client/components/ui/input";
import { UploadField } from "@client/components/ui/upload-field";
import { applyServerErrors } from "@client/lib/resource";
import { uploadFile } from "@client/lib/upload";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useMembers, useSaveMember, type MemberPayload } from "./api";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

const toValues = (m?: BandMember): BandMemberFormValues => ({
  name: m?.name ?? "",
  role: m?.role ?? "",
  bio: m?.bio ?? "",
  // a new member joined today unless told otherwise (spec section 5)
  joinDate: m ? (m.joinDate ?? "") : todayIso(),
  sortOrder: m?.sortOrder ?? 0,
  isActive: m?.isActive ?? true,
  facebook: m?.socialLinks.facebook ?? "",
  instagram: m?.socialLinks.instagram ?? "",
  twitter: m?.socialLinks.twitter ?? "",
});

/** Uploads the photo; null (after the spec's toast) when that fails, which aborts the save. */
async function uploadPhoto(file: File): Promise<string | null> {
  try {
    const res = await uploadFile(uploadsApi.media("image"), file, { fields: { fileType: "image" } });
    if (res.data?.filePath) return res.data.filePath;
  } catch {
    /* reported below */
  }
  toast.error("Error uploading image", { description: "There was an error uploading the image. Please try again." });
  return null;
}

/** Stands in for a missing or broken photo: the name's first letter. */
function Initial({ name }: { name: string }) {
  return (
    <div className="grid h-full w-full place-items-center bg-ash text-3xl font-semibold text-dust">
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || "?"}</span>
    </div>
  );
}

export function BandMemberForm({ member }: { member?: BandMember }) {
  const navigate = useNavigateAfterSave();
  const [photo, setPhoto] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<BandMemberFormValues>({ resolver: zodResolver(bandMemberFormSchema), defaultValues: toValues(member) });
  const save = useSaveMember(member?.id ?? null, {
    onSuccess: () => navigate("/band-members"),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const name = form.watch("name");
  // a new member goes last (issue 21): after the highest sort order there is, once the list is known
  const members = useMembers();
  const nextOrder = member ? null : Math.max(-1, ...(members.data ?? []).map((m) => m.sortOrder ?? 0)) + 1;
  useEffect(() => {
    if (nextOrder !== null && !form.getFieldState("sortOrder").isDirty) form.resetField("sortOrder", { defaultValue: nextOrder });
  }, [nextOrder, form]);

  async function submit(v: BandMemberFormValues) {
    const payload: MemberPayload = {
      name: v.name,
      role: v.role,
      bio: v.bio.trim() || null,
      joinDate: v.joinDate || null,
      isActive: v.isActive,
      sortOrder: v.sortOrder,
      socialLinks: { facebook: v.facebook || null, instagram: v.instagram || null, twitter: v.twitter || null },
    };
    if (photo) {
      setUploading(true);
      const path = await uploadPhoto(photo);
      setUploading(false);
      if (!path) return;
      payload.imageUrl = path;
    } else if (!member) {
      payload.imageUrl = null;
    }
    // on edit without a new file imageUrl is left out, which keeps the stored photo
    save.mutate(payload);
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="max-w-2xl space-y-5">
      <UploadField
        label="Photo"
        fileLabel="Photo"
        accept="image/*"
        only={{ prefix: "image/", message: "Please choose an image file" }}
        maxBytes={UPLOAD_LIMITS.image}
        hint={`Recommended: a square image, at least 300x300px. Image files only, ${maxSizeText(UPLOAD_LIMITS.image)}.`}
        file={photo}
        onFileChange={setPhoto}
        url={member?.imageUrl}
        clearText="Clear new photo"
        preview={{ kind: "image", size: "avatar", alt: `Photo of ${name || "the member"}`, placeholder: () => <Initial name={name} /> }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" placeholder="Full name" />
        <TextField control={form.control} name="role" label="Role" placeholder="e.g. Vocals, Guitar" />
      </div>
      <TextAreaField control={form.control} name="bio" label="Bio" rows={5} placeholder="A few lines about this member (optional)" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Join Date" error={form.formState.errors.joinDate?.message}>
          <Input type="date" {...form.register("joinDate")} />
        </Field>
        <NumberField control={form.control} name="sortOrder" label="Sort Order" step={1} min={0} hint="Lower numbers appear first." />
      </div>
      <SwitchField control={form.control} name="isActive" label="Active" hint="Inactive members are hidden from the website." />
      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm font-semibold text-bone">Social Links</legend>
        <TextField control={form.control} name="facebook" label="Facebook" type="url" placeholder="https://facebook.com/..." />
        <TextField control={form.control} name="instagram" label="Instagram" type="url" placeholder="https://instagram.com/..." />
        <TextField control={form.control} name="twitter" label="Twitter" type="url" placeholder="https://twitter.com/..." />
      </fieldset>
      {/* a chosen photo is an edit too */}
      <UnsavedChangesPrompt when={(form.formState.isDirty || photo !== null) && !save.isSuccess} />
      <FormActions
        cancelHref="/band-members"
        submitLabel={member ? "Update Band Member" : "Add Band Member"}
        pending={uploading || save.isPending}
        pendingLabel={uploading ? "Uploading..." : "Saving..."}
      />
    </form>
  );
}
