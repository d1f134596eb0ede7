import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useMerchandiseItem } from "./api";
import { MerchandiseForm } from "./merchandise-form";

/** /admin/merchandise/add and /admin/merchandise/edit/{id}. */
export default function MerchandiseFormPage({ params }: { params: { id?: string } }) {
  const id = params.id;
  const item = useMerchandiseItem(id ? routeId(id) : null);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={id ? "Edit Merchandise" : "Add Merchandise"} subtitle={id ? "Change this item's details." : "Add a new item to the store."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={item} notFound="Merchandise item not found." backHref="/merchandise">
              {(data) => <MerchandiseForm key={data.id} item={data} />}
            </FormLoadState>
          ) : (
            <MerchandiseForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
