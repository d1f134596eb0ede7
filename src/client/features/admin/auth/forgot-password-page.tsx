import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { authApi } from "@shared/api/auth";
import { forgotPasswordInput, type ForgotPasswordInput } from "@shared/schemas/auth";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { Button } from "@client/components/ui/button";
import { CardContent, CardFooter } from "@client/components/ui/card";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { useAdminTitle } from "../layout/use-admin-title";
import { AuthScreen } from "./auth-screen";

const backToLogin = (
  <Link href="~/admin/login" className="text-sm text-dust underline-offset-4 hover:text-bone hover:underline">
    Back to login
  </Link>
);

/** 'Forgot password?': asks for the account's e-mail; the answer is the same whether or not it is known. */
export default function ForgotPasswordPage() {
  useAdminTitle("Forgot Password");
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordInput), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await apiRequest("POST", authApi.forgotPassword, values);
      setSent(res.message ?? "If an account uses that address, a reset link is on its way.");
    } catch (err) {
      setFailure(err instanceof ApiError && err.status === 429 ? "Too many requests. Please wait a minute and try again." : "Could not connect to server");
    }
  });

  if (sent) {
    return (
      <AuthScreen title="Check your e-mail">
        <CardContent className="space-y-4">
          <p role="status" className="text-sm text-bone">
            {sent}
          </p>
          <p className="text-xs text-dust">No mail after a few minutes? Check the spam folder, or ask another admin to check the e-mail address of your account.</p>
        </CardContent>
        <CardFooter className="justify-center">{backToLogin}</CardFooter>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Forgot password?" description="Enter the e-mail address of your admin account and we'll send you a link to choose a new password.">
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" autoFocus {...form.register("email")} />
          </Field>
          {failure && (
            <p role="alert" className="text-sm text-red-400">
              {failure}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Send reset link"}
          </Button>
        </CardContent>
      </form>
      <CardFooter className="justify-center">{backToLogin}</CardFooter>
    </AuthScreen>
  );
}
