import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { ZodType } from "zod";
import type { AdminUser } from "@shared/schemas/users";
import { userCreateInput, userUpdateInput, type UserUpdateInput } from "@shared/schemas/users";
import { FormActions } from "@client/components/ui/form-actions";
import { TextField } from "@client/components/ui/form-fields";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { applyServerErrors } from "@client/lib/resource";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveUser, type UserPayload as Payload } from "./api";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

/** What the form holds: what both schemas accept (adding needs a password; editing keeps the current one when it is blank). */
type Values = UserUpdateInput;

/**
 * Add or edit an admin user (spec section 2). On edit a blank password keeps the current one,
 * so the password is left out of the request.
 */
export function UserForm({ user }: { user?: AdminUser }) {
  const navigate = useNavigateAfterSave();
  const schema: ZodType<Payload, Values> = user ? userUpdateInput : userCreateInput;
  const form = useForm<Values, unknown, Payload>({
    resolver: zodResolver(schema),
    defaultValues: { username: user?.username ?? "", email: user?.email ?? "", password: "" },
  });
  const save = useSaveUser(user, {
    onSuccess: () => navigate("/users"),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) form.setError("username", { type: "server", message: errorMessage(err) });
      else applyServerErrors(err, form.setError);
    },
  });
  const c = form.control;
  const [username, password] = useWatch({ control: c, name: ["username", "password"] });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      <TextField control={c} name="username" label="Username" placeholder="Enter a username" autoComplete="off" />
      <TextField control={c} name="email" type="email" label="Email" placeholder="name@example.com" hint="Optional, for password reset and notifications." autoComplete="off" />
      <TextField
        control={c}
        name="password"
        type="password"
        label={user ? "New Password (leave blank to keep current)" : "Password"}
        placeholder={user ? "Leave blank to keep the current password" : "At least 8 characters"}
        autoComplete="new-password"
        hint={<PasswordStrengthMeter password={password ?? ""} username={username} fieldError={form.formState.errors.password?.message} />}
      />
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      <FormActions cancelHref="/users" submitLabel={user ? "Update User" : "Create User"} pending={save.isPending} />
    </form>
  );
}
