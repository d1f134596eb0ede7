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
  /** the resource's record hook (`useShow`): null asks nothing */
  useRecord: (id: number | null) => UseQueryResult<T, Error>;
  /** the add page's title and subtitle */
  add: [title: string, subtitle: string];
  /** the edit page's; its subtitle may come from the record (a member's name) */
  edit: [title: string, subtitle: string | ((record: T | undefined) => string | undefined)];
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
 * An admin resource's add and edit page (/admin/<list>/add, /admin/<list>/edit/{id}, the route's
 * `{id}`): the title, a card, and the form, which on the edit page waits for its record
 * (FormLoadState). Each resource's page is `export default formPage({ ... })`.
 */
export function formPage<T>(props: FormPageProps<T>) {
  return function ResourceFormPage({ params }: { params: { id?: string } }) {
    return <FormPage id={params.id} {...props} />;
  };
}

function FormPage<T>({ id, useRecord, add, edit, notFound, listHref, width, backLink, form }: FormPageProps<T> & { id: string | undefined }) {
  const record = useRecord(id ? routeId(id) : null);
  const [title, subtitle] = id ? edit : add;
  return (
    <div className={width ? WIDTHS[width] : undefined}>
      {backLink && (
        <Link href={listHref} className="mb-4 inline-flex items-center gap-1.5 text-sm text-dust hover:text-bone">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
        </Link>
      )}
      <PageHeader title={title} subtitle={typeof subtitle === "function" ? subtitle(record.data) : subtitle} />
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
