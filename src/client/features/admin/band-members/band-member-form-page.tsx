import { FormPage } from "../components/form-page";
import { useMember } from "./api";
import { BandMemberForm } from "./band-member-form";

/** /admin/band-members/add and /admin/band-members/edit/{id}. */
export default function BandMemberFormPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useMember}
      backLink
      title={{ add: "Add Band Member", edit: "Edit Band Member" }}
      subtitle={{ add: "Add someone to the lineup.", edit: (member) => member?.name }}
      notFound="Band member not found."
      listHref="/band-members"
      form={(member) => <BandMemberForm key={member?.id} member={member} />}
    />
  );
}
