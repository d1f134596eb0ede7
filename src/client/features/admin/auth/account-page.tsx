import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { authApi } from "@shared/api/auth";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { getStoredAdmin } from "@client/lib/auth-storage";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { matchIssue, NewPasswordFields, newPasswordShape, passwordsMatch } from "./new-password-fields";

const changeForm = z
  .object({ currentPassword: z.string().min(1, "Current password is required"), ...newPasswordShape })
  .refine(passwordsMatch, matchIssue);
type ChangeForm = z.input<typeof changeForm>;
const empty: ChangeForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** /admin/account: the signed-in admin's own password (issue 13). Other sessions end; this one stays. */
export default function AccountPage() {
  const stored = getStoredAdmin();
  const username = stored.state === "ok" ? stored.admin.username : "";
  const form = useForm<ChangeForm>({ resolver: zodResolver(changeForm), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const res = await apiRequest("PUT", authApi.ownPassword, { currentPassword, newPassword });
      toast.success("Password changed", { description: res.message });
      form.reset(empty);
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.errors : undefined;
      if (fields?.currentPassword) form.setError("currentPassword", { message: fields.currentPassword }, { shouldFocus: true });
      else if (fields?.newPassword) form.setError("newPassword", { message: fields.newPassword }, { shouldFocus: true });
      else toast.error("Error", { description: err instanceof ApiError ? (err.serverMessage ?? err.message) : "Could not connect to server" });
    }
  });

  return (
    <div className="max-w-xl">
      <PageHeader title="My Account" subtitle={username ? `Signed in as ${username}` : undefined} />
      <Card>
        <CardHeader>
          <CardTitle>Change my password</CardTitle>
          <CardDescription>Your other sessions (other browsers and devices) are signed out; this one stays signed in.</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="space-y-4">
            <Field label="Current password" error={errors.currentPassword?.message}>
              <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
            </Field>
            <NewPasswordFields form={form} username={username} />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving..." : "Change password"}
            </Button>
          </CardContent>
        </form>
      </Card>
    </div>
  );
}
