import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "./form-load-state";

/** The page's width (literal classes, so Tailwind sees them); none: the admin layout's full width. */
const WIDTHS = { "2xl": "mx-auto max-w-2xl", "3xl": "mx-auto max-w-3xl", "5xl": "mx-auto max-w-5xl" } as const;

interface FormPageProps<T> {
  /** the route's `{id}`: none on the add page */
  id: string | undefined;
  /** the resource's record hook (`useShow`): null asks nothing */
  useRecord: (id: number | null) => UseQueryResult<T, Error>;
  title: { add: string; edit: string };
  /** the edit page's subtitle may come from the record (a member's name) */
  subtitle: { add: string; edit: string | ((record: T | undefined) => string | undefined) };
  /** said when the record does not exist */
  notFound: string;
  /** the list the page belongs to ("/shows") */
  listHref: string;
  width?: keyof typeof WIDTHS;
  /** a 'Back' link to the list above the title */
  backLink?: boolean;
  /** the form: empty on the add page, with the record on the edit page (give it `key={record?.id}`) */
  form: (record?: T) => ReactNode;
}

/**
 * An admin resource's add and edit page (/admin/<list>/add, /admin/<list>/edit/{id}): the title,
 * a card, and the form, which on the edit page waits for its record (FormLoadState).
 */
export function FormPage<T>({ id, useRecord, title, subtitle, notFound, listHref, width, backLink, form }: FormPageProps<T>) {
  const record = useRecord(id ? routeId(id) : null);
  const editSubtitle = typeof subtitle.edit === "function" ? subtitle.edit(record.data) : subtitle.edit;
  return (
    <div className={width ? WIDTHS[width] : undefined}>
      {backLink && (
        <Link href={listHref} className="mb-4 inline-flex items-center gap-1.5 text-sm text-dust hover:text-bone">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
        </Link>
      )}
      <PageHeader title={id ? title.edit : title.add} subtitle={id ? editSubtitle : subtitle.add} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={record} notFound={notFound} backHref={listHref}>
              {(data) => form(data)}
            </FormLoadState>
          ) : (
            form()
          )}
        </CardContent>
      </Card>
    </div>
  );
}
