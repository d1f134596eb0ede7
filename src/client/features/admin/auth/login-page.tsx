import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Link, useLocation, useSearch } from "wouter";
import { authApi } from "@shared/api/auth";
import { loginInput, type AdminRecord, type LoginInput } from "@shared/schemas/auth";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { storeLogin } from "@client/lib/auth-storage";
import { useBandName } from "@client/lib/band-name";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@client/components/ui/card";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { useAdminTitle } from "../layout/use-admin-title";
import { safeNextPath } from "./next-path";

type LoginOutcome = { ok: true; admin: AdminRecord; token: string } | { ok: false; message: string };

/** Turns the login answer into an outcome with the spec's failure texts. */
export async function attemptLogin(values: LoginInput): Promise<LoginOutcome> {
  try {
    const res = await apiRequest<AdminRecord>("POST", authApi.login, values);
    if (!res.success) return { ok: false, message: res.message || "Invalid username or password" };
    const admin = (res.data ?? res.user) as AdminRecord | undefined;
    if (!admin || typeof admin !== "object") return { ok: false, message: "Invalid server response - missing user data" };
    // The server always issues a session token; a tokenless answer is treated as broken,
    // never patched with a client-made token (see docs/decisions/002-no-legacy-token.md).
    if (!res.token) return { ok: false, message: "Invalid server response - missing user data" };
    return { ok: true, admin, token: res.token };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { ok: false, message: err.serverMessage || "Invalid username or password" };
    return { ok: false, message: "Could not connect to server" };
  }
}

export default function LoginPage() {
  const bandName = useBandName();
  const [, navigate] = useLocation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get("next"));
  const form = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { username: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  useAdminTitle("Login");

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await attemptLogin(values);
    // One toast at a time (issue 13): a new try replaces the last failure and the 'Access Denied'
    // notice that brought the admin here, instead of queueing behind them.
    toast.dismiss();
    if (!outcome.ok) {
      toast.error("Login failed", { description: outcome.message });
      return;
    }
    storeLogin(outcome.admin, outcome.token);
    toast.success("Login successful", { description: "Welcome to the admin panel" });
    // back to the page that asked for a sign-in (only a same-site /admin path, see next-path.ts)
    navigate(`~${next}`);
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-[radial-gradient(ellipse_at_top,_#2a0d12,_#0b0b0c_60%)] px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl uppercase tracking-wide">{bandName} Admin Panel</CardTitle>
          <CardDescription>Enter your credentials to access the admin panel</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="space-y-4">
            <Field label="Username" error={errors.username?.message}>
              <Input autoComplete="username" placeholder="Enter your username" autoFocus {...form.register("username")} />
            </Field>
            <Field label="Password" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" placeholder="Enter your password" {...form.register("password")} />
            </Field>
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? "Logging in..." : "Login"}
            </Button>
            <p className="text-center text-sm">
              <Link href="~/admin/forgot-password" className="text-dust underline-offset-4 hover:text-bone hover:underline">
                Forgot password?
              </Link>
            </p>
          </CardContent>
        </form>
        <CardFooter className="justify-center text-xs text-dust">Secure area for band members only</CardFooter>
      </Card>
    </main>
  );
}
