import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "wouter";
import { setupApi, type SetupStatus, type SetupStep } from "@shared/api/setup";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { urlQuery } from "@client/lib/query-client";

const useSetupStatus = () => useQuery(urlQuery<SetupStatus>(setupApi.status));

const linkClass = "font-semibold text-bone underline underline-offset-2 hover:text-white";
const code = (text: string) => <code className="break-all rounded bg-ash px-1 py-0.5 text-xs text-bone">{text}</code>;

/** What each step asks, and where to do it (the server says which are done). */
function stepText(step: SetupStep, status: SetupStatus): { title: string; detail: ReactNode } {
  switch (step) {
    case "email":
      return {
        title: "Add your e-mail address",
        detail: (
          <>
            'Forgot password?' sends its reset link there.{" "}
            <Link href={`/users/edit/${status.userId}`} className={linkClass}>
              Add it to your user
            </Link>
          </>
        ),
      };
    case "links":
      return {
        title: "Link your music and socials",
        detail: (
          <>
            Spotify, Bandcamp, Instagram, YouTube...{" "}
            <Link href="/settings" className={linkClass}>
              Open Settings
            </Link>
          </>
        ),
      };
    case "photo":
      return {
        title: "Add a band photo",
        detail: (
          <>
            It heads your home page and shows when someone shares a link to your site.{" "}
            <Link href="/settings" className={linkClass}>
              Add it in Settings
            </Link>
          </>
        ),
      };
    case "show":
      return {
        title: "Add your first real show",
        detail: (
          <Link href="/shows/add" className={linkClass}>
            Add a show
          </Link>
        ),
      };
    case "demo":
      return { title: "Remove the demo content", detail: "The fictional band's shows, merch and members: 'Remove all demo content' below." };
    case "mail":
      return {
        title: "Send mail for real",
        detail: status.mailFolder ? (
          <>Sign-up confirmations, newsletters and reset links are written as files to {code(status.mailFolder)} until {code("SMTP_URL")} is set on the server (see the README).</>
        ) : (
          "Mail goes out through your SMTP server."
        ),
      };
    case "backups":
      return {
        title: "Schedule backups",
        detail: (
          <>
            Set {code("BACKUP_SCHEDULE")} (e.g. {code("0 3 * * *")}, every night at 3:00) on the server, or run {code("npm run backup")}.
          </>
        ),
      };
  }
}

/** A short first-run checklist on the dashboard (issue 21), until every step is done. */
export function SetupChecklist() {
  const { data } = useSetupStatus();
  if (!data?.steps || data.steps.every((s) => s.done)) return null;
  const doneCount = data.steps.filter((s) => s.done).length;
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>Set up your site</CardTitle>
        <CardDescription>
          {doneCount} of {data.steps.length} done. This list goes away once everything is set.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3" aria-label="Setup steps">
          {data.steps.map(({ step, done }) => {
            const { title, detail } = stepText(step, data);
            const Icon = done ? CheckCircle2 : Circle;
            return (
              <li key={step} className="flex items-start gap-3">
                <Icon className={`mt-0.5 size-5 shrink-0 ${done ? "text-emerald-400" : "text-dust"}`} aria-hidden />
                <div className="min-w-0 text-sm">
                  <p className={done ? "text-dust line-through" : "font-medium text-bone"}>
                    {title}
                    <span className="sr-only">{done ? " (done)" : " (to do)"}</span>
                  </p>
                  {!done && <p className="mt-0.5 break-words text-dust">{detail}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
