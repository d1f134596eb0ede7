import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { z } from "zod";
import { authApi } from "@shared/api/auth";
import { RESET_LINK_INVALID } from "@shared/schemas/auth";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { clearAuth } from "@client/lib/auth-storage";
import { Button } from "@client/components/ui/button";
import { CardContent, CardFooter } from "@client/components/ui/card";
import { useAdminTitle } from "../layout/use-admin-title";
import { AuthScreen } from "./auth-screen";
import { matchIssue, NewPasswordFields, newPasswordShape, passwordsMatch } from "./new-password-fields";

const resetForm = z.object(newPasswordShape).refine(passwordsMatch, matchIssue);
type ResetForm = z.input<typeof resetForm>;

const askAgain = (
  <Link href="~/admin/forgot-password" className="text-sm text-dust underline-offset-4 hover:text-bone hover:underline">
    Ask for a new link
  </Link>
);

/** /admin/reset-password?token=: the mailed link's page. A reset signs the account out everywhere. */
export default function ResetPasswordPage() {
  useAdminTitle("Reset Password");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const form = useForm<ResetForm>({ resolver: zodResolver(resetForm), defaultValues: { newPassword: "", confirmPassword: "" } });
  const { isSubmitting } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // a used or expired link says so before anyone types a new password (issue 21)
  const check = useQuery({
    queryKey: [authApi.resetLinkCheck, token],
    queryFn: () => apiRequest<{ valid: boolean }>("POST", authApi.resetLinkCheck, { token }).then((res) => res.data?.valid ?? true),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      const res = await apiRequest("POST", authApi.resetPassword, { token, password: newPassword });
      // this browser's session (if any) has just been ended by the server too
      clearAuth();
      setDone(res.message ?? "Your password has been reset. Log in with your new password.");
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.body?.errors?.password : undefined;
      if (fieldError) form.setError("newPassword", { message: fieldError });
      else setFailure(err instanceof ApiError ? (err.serverMessage ?? err.message) : "Could not connect to server");
    }
  });

  if (!token) {
    return (
      <AuthScreen title="Reset password">
        <CardContent>
          <p role="alert" className="text-sm text-bone">
            This reset link is incomplete. Open the link from the mail again, or ask for a new one.
          </p>
        </CardContent>
        <CardFooter className="justify-center">{askAgain}</CardFooter>
      </AuthScreen>
    );
  }

  if (!done && check.data === false) {
    return (
      <AuthScreen title="Reset password">
        <CardContent>
          <p role="alert" className="text-sm text-bone">
            {RESET_LINK_INVALID}
          </p>
        </CardContent>
        <CardFooter className="justify-center">{askAgain}</CardFooter>
      </AuthScreen>
    );
  }

  if (done) {
    return (
      <AuthScreen title="Password reset">
        <CardContent className="space-y-4">
          <p role="status" className="text-sm text-bone">
            {done}
          </p>
          <Button asChild className="w-full">
            <Link href="~/admin/login">Go to login</Link>
          </Button>
        </CardContent>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Choose a new password" description="At least 8 characters; a few unrelated words make a strong one.">
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <NewPasswordFields form={form} username="" />
          {failure && (
            <p role="alert" className="text-sm text-red-400">
              {failure}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Set new password"}
          </Button>
        </CardContent>
      </form>
      <CardFooter className="justify-center">{askAgain}</CardFooter>
    </AuthScreen>
  );
}
