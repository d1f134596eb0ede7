import { formPage } from "../components/form-page";
import { useMerchandiseItem } from "./api";
import { MerchandiseForm } from "./merchandise-form";

/** /admin/merchandise/add and /admin/merchandise/edit/{id}. */
export default formPage({ useRecord: useMerchandiseItem, width: "3xl", listHref: "/merchandise", notFound: "Merchandise item not found.", add: ["Add Merchandise", "Add a new item to the store."], edit: ["Edit Merchandise", "Change this item's details."], form: (item) => <MerchandiseForm key={item?.id} item={item} /> });
