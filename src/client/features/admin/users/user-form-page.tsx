import { FormPage } from "../components/form-page";
import { useUser } from "./api";
import { UserForm } from "./user-form";

/** /admin/users/add and /admin/users/edit/{id}. */
export default function UserFormPage({ params }: { params: { id?: string } }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useUser}
      width="2xl"
      title={{ add: "Add Admin User", edit: "Edit Admin User" }}
      subtitle={{ add: "Give a band member access to the admin panel.", edit: "Change this admin's details or password." }}
      notFound="User not found."
      listHref="/users"
      form={(user) => <UserForm key={user?.id} user={user} />}
    />
  );
}
