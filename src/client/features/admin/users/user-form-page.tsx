import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useUser } from "./api";
import { UserForm } from "./user-form";

/** /admin/users/add and /admin/users/edit/{id}. */
export default function UserFormPage({ params }: { params: { id?: string } }) {
  const id = params.id;
  const user = useUser(id ? routeId(id) : null);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={id ? "Edit Admin User" : "Add Admin User"} subtitle={id ? "Change this admin's details or password." : "Give a band member access to the admin panel."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={user} notFound="User not found." backHref="/users">
              {(data) => <UserForm key={data.id} user={data} />}
            </FormLoadState>
          ) : (
            <UserForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
