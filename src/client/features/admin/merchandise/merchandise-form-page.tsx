import { FormPage } from "../components/form-page";
import { useMerchandiseItem } from "./api";
import { MerchandiseForm } from "./merchandise-form";

/** /admin/merchandise/add and /admin/merchandise/edit/{id}. */
export default function MerchandiseFormPage({ params }: { params: { id?: string } }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useMerchandiseItem}
      width="3xl"
      title={{ add: "Add Merchandise", edit: "Edit Merchandise" }}
      subtitle={{ add: "Add a new item to the store.", edit: "Change this item's details." }}
      notFound="Merchandise item not found."
      listHref="/merchandise"
      form={(item) => <MerchandiseForm key={item?.id} item={item} />}
    />
  );
}
