import { formPage } from "../components/form-page";
import { useShow } from "./api";
import { ShowForm } from "./show-form";

/** /admin/shows/add and /admin/shows/edit/{id}. */
export default formPage({ useRecord: useShow, width: "3xl", listHref: "/shows", notFound: "Show not found.", add: ["Add Show", "Add a new show to the tour dates."], edit: ["Edit Show", "Change the details of this show."], form: (show) => <ShowForm key={show?.id} show={show} /> });
