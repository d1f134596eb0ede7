import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";

/** The centred card of the signed-out admin pages (forgot and reset password), like the login card. */
export function AuthScreen({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-[radial-gradient(ellipse_at_top,_#2a0d12,_#0b0b0c_60%)] px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl uppercase tracking-wide">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}
