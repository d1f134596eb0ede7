import { FormPage } from "../components/form-page";
import { useShow } from "./api";
import { ShowForm } from "./show-form";

/** /admin/shows/add and /admin/shows/edit/{id}. */
export default function ShowFormPage({ params }: { params: { id?: string } }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useShow}
      width="3xl"
      title={{ add: "Add Show", edit: "Edit Show" }}
      subtitle={{ add: "Add a new show to the tour dates.", edit: "Change the details of this show." }}
      notFound="Show not found."
      listHref="/shows"
      form={(show) => <ShowForm key={show?.id} show={show} />}
    />
  );
}
