import type { FieldErrors, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { passwordSchema } from "@shared/schemas/users";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
// the user form's meter: the same verdict the server gives (policy and common-password check)
import { PasswordStrengthMeter } from "../users/password-strength-meter";

export const PASSWORDS_DIFFER = "Passwords do not match";

/** New password + confirmation, for the reset page and 'Change my password'. */
export const newPasswordShape = { newPassword: passwordSchema, confirmPassword: z.string() };
export const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
export const matchIssue = { message: PASSWORDS_DIFFER, path: ["confirmPassword"] };

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** The two fields with the strength meter under the first (the username feeds its 'contains your name' rule). */
export function NewPasswordFields<T extends NewPasswordValues>({ form, username }: { form: UseFormReturn<T>; username: string }) {
  const f = form as unknown as UseFormReturn<NewPasswordValues>;
  const errors = f.formState.errors as FieldErrors<NewPasswordValues>;
  const password = f.watch("newPassword") ?? "";
  return (
    <>
      <Field label="New password" error={errors.newPassword?.message} hint={<PasswordStrengthMeter password={password} username={username} fieldError={errors.newPassword?.message} />}>
        <Input type="password" autoComplete="new-password" {...f.register("newPassword")} />
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...f.register("confirmPassword")} />
      </Field>
    </>
  );
}
