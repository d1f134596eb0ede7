import { formPage } from "../components/form-page";
import { useUser } from "./api";
import { UserForm } from "./user-form";

/** /admin/users/add and /admin/users/edit/{id}. */
export default formPage({ useRecord: useUser, width: "2xl", listHref: "/users", notFound: "User not found.", add: ["Add Admin User", "Give a band member access to the admin panel."], edit: ["Edit Admin User", "Change this admin's details or password."], form: (user) => <UserForm key={user?.id} user={user} /> });
