import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useShow } from "./api";
import { ShowForm } from "./show-form";

/** /admin/shows/add and /admin/shows/edit/{id}. */
export default function ShowFormPage({ params }: { params: { id?: string } }) {
  const id = params.id;
  const show = useShow(id ? routeId(id) : null);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={id ? "Edit Show" : "Add Show"} subtitle={id ? "Change the details of this show." : "Add a new show to the tour dates."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={show} notFound="Show not found." backHref="/shows">
              {(data) => <ShowForm key={data.id} show={data} />}
            </FormLoadState>
          ) : (
            <ShowForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
