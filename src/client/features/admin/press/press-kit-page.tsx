import { Link2 } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "@client/components/ui/page-header";
import { FormLoadState } from "../components/form-load-state";
import { usePressKitAdmin } from "./api";
import { PressKitForm } from "./press-kit-form";

/** /admin/press (issue 25): the press kit's form; the private links have their own page. */
export default function PressKitPage() {
  const kit = usePressKitAdmin();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Press Kit"
        subtitle="Bios, photos, logos, quotes, the stage plot and tech rider, and who to contact."
        actions={
          <Link href="/press/links" className="inline-flex h-10 items-center gap-1.5 border border-smoke px-4 text-sm hover:bg-ash">
            <Link2 className="h-4 w-4" aria-hidden="true" /> Private links
          </Link>
        }
      />
      <FormLoadState query={kit} notFound="The press kit could not be found." backHref="/">
        {(data) => <PressKitForm key={String(data.updatedAt)} kit={data} />}
      </FormLoadState>
    </div>
  );
}
