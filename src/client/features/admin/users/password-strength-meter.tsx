import { useEffect, useState } from "react";
import type { PasswordStrength as Strength } from "@shared/password-strength";
import { PASSWORD_HAS_USERNAME, passwordContainsUsername, passwordSchema } from "@shared/schemas/users";
import { cn } from "@client/lib/cn";

interface Verdict {
  password: string;
  score: number;
  label: string;
  problem: string | null;
}

// The zxcvbn dictionary is a few hundred kB: fetched as its own chunk once a password is typed,
// never part of the public bundle or of the admin pages that have no password field.
let strength: Promise<(password: string, userInputs: string[]) => Strength> | undefined;
const loadStrength = () => (strength ??= import("@shared/password-strength").then((m) => m.passwordStrength));

/** The server's verdict, computed here: the shared schema's rules first, then the dictionary. */
function assess(check: (password: string, userInputs: string[]) => Strength, password: string, username: string): Verdict {
  if (Array.from(password).length < 8) return { password, score: 0, label: "too short", problem: "Use at least 8 characters." };
  const rules = passwordSchema.safeParse(password);
  if (!rules.success) return { password, score: 0, label: "very weak", problem: rules.error.issues[0].message };
  if (passwordContainsUsername(password, username)) return { password, score: 0, label: "very weak", problem: PASSWORD_HAS_USERNAME };
  return { password, ...check(password, [username]) };
}

const BAR_COLOURS = ["bg-blood", "bg-blood", "bg-amber", "bg-moss", "bg-moss"];

/**
 * "Strength: weak" in words (not colour alone) under the password field, announced politely as
 * it changes, with the reason the server would refuse it (unless the field's error, `fieldError`,
 * says the same). Rendered inside the field's hint, so
 * the input's aria-describedby reads it too.
 */
export function PasswordStrengthMeter({ password, username, fieldError }: { password: string; username: string; fieldError?: string }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);

  useEffect(() => {
    if (!password) return;
    let live = true;
    // a short pause: a 200-character password costs zxcvbn up to ~100 ms
    const timer = setTimeout(() => {
      void loadStrength().then((check) => {
        if (live) setVerdict(assess(check, password, username));
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, username]);

  const shown = password && verdict ? verdict : null;
  const filled = shown ? Math.max(1, shown.score) : 0;
  return (
    <span aria-live="polite" className="block space-y-1" data-testid="password-strength">
      {shown && (
        <>
          <span aria-hidden="true" className="flex max-w-xs gap-1">
            {[1, 2, 3, 4].map((i) => (
              <span key={i} className={cn("h-1.5 flex-1 rounded-full", i <= filled ? BAR_COLOURS[shown.score] : "bg-smoke")} />
            ))}
          </span>
          <span className="block">
            Strength: <strong className="font-semibold text-bone">{shown.label}</strong>
            {/* the field's error may already say it (the server refused the same password): once is enough (issue 21) */}
            {shown.problem && shown.problem !== fieldError && <span className="block">{shown.problem}</span>}
          </span>
        </>
      )}
    </span>
  );
}
