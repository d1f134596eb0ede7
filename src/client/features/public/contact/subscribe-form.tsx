import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { apiRequest } from "@client/lib/api-client";
import { Field, Honeypot, failureMessage, inputClass, looksLikeEmail } from "./form-parts";

const SUCCESS = "Please check your email to verify your subscription.";
const INTERESTS = [
  { key: "shows", label: "Shows" },
  { key: "releases", label: "Releases" },
  { key: "merch", label: "Merch" },
] as const;
type Interests = Record<(typeof INTERESTS)[number]["key"], boolean>;

/** Mailing-list signup (spec sections 2, 4, 5, 8): idle, submitting, success with 'subscribe another'. */
export function SubscribeForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [interests, setInterests] = useState<Interests>({ shows: true, releases: true, merch: true });
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<"idle" | "submitting" | "success">("idle");
  const [emailError, setEmailError] = useState<string>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState(SUCCESS);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const trimmed = email.trim();
    const invalid = !trimmed ? "Email is required" : !looksLikeEmail(trimmed) ? "Please enter a valid email address" : undefined;
    setEmailError(invalid);
    if (invalid) return;
    setStatus("submitting");
    try {
      const res = await apiRequest("POST", "/api/subscribe", { name: name.trim(), email: trimmed, interests, website });
      if (!res.success) throw Object.assign(new Error(res.message || "Failed to subscribe. Please try again."), { refused: true });
      setMessage(res.message || SUCCESS);
      setStatus("success");
      toast.success(res.message || SUCCESS, { duration: 6000 });
    } catch (err) {
      const text = (err as { refused?: boolean }).refused ? (err as Error).message : failureMessage(err, "Failed to subscribe. Please try again.");
      setError(text);
      setStatus("idle");
      toast.error(text);
    }
  }

  function again() {
    setName("");
    setEmail("");
    setInterests({ shows: true, releases: true, merch: true });
    setStatus("idle");
  }

  if (status === "success") {
    return (
      <div role="status" className="border-2 border-bone bg-coal p-6">
        <p className="font-display text-3xl uppercase">Thanks for subscribing!</p>
        <p className="mt-2 text-dust">{message}</p>
        <button type="button" onClick={again} className="mt-5 text-sm font-bold tracking-wider text-blood uppercase underline-offset-4 hover:underline">
          Subscribe another
        </button>
      </div>
    );
  }

  const busy = status === "submitting";
  return (
    <form onSubmit={submit} noValidate className="relative grid gap-5" aria-label="Join the mailing list">
      <Field id="subscribe-name" label="Name" hint="(optional)">
        <input id="subscribe-name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} placeholder="Your name" />
      </Field>
      <Field id="subscribe-email" label="Email" error={emailError}>
        <input
          id="subscribe-email"
          type="email"
          required
          className={inputClass}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          maxLength={254}
          placeholder="you@example.com"
          aria-invalid={Boolean(emailError)}
          aria-describedby={emailError ? "subscribe-email-error" : undefined}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-bold tracking-wider uppercase">I want to hear about</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {INTERESTS.map(({ key, label }) => (
            <label key={key} className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="size-5 accent-blood" checked={interests[key]} onChange={(e) => setInterests((i) => ({ ...i, [key]: e.target.checked }))} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Honeypot value={website} onChange={setWebsite} />
      {error && (
        <p role="alert" className="border-l-4 border-blood bg-blood/10 px-3 py-2 text-sm">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="justify-self-start bg-blood px-6 py-3 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark disabled:opacity-60">
        {busy ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
