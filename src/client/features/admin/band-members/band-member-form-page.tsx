import { formPage } from "../components/form-page";
import { useMember } from "./api";
import { BandMemberForm } from "./band-member-form";

/** /admin/band-members/add and /admin/band-members/edit/{id}; a Back link, and the member's name under the title. */
export default formPage({ useRecord: useMember, backLink: true, listHref: "/band-members", notFound: "Band member not found.", add: ["Add Band Member", "Add someone to the lineup."], edit: ["Edit Band Member", (member) => member?.name], form: (member) => <BandMemberForm key={member?.id} member={member} /> });
