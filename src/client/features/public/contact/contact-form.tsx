import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { apiRequest } from "@client/lib/api-client";
import { Field, Honeypot, failureMessage, inputClass, looksLikeEmail } from "./form-parts";

const SUCCESS = "Thank you for reaching out. We'll get back to you soon.";
const TYPES = [
  { value: "general", label: "General" },
  { value: "booking", label: "Booking" },
  { value: "press", label: "Press" },
] as const;

type Errors = { email?: string; message?: string };

/** The message form (spec sections 2, 4, 5, 8): idle, submitting, success with 'send another'. */
export function ContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [messageType, setMessageType] = useState<string>("general");
  const [message, setMessage] = useState("");
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<"idle" | "submitting" | "success">("idle");
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const trimmed = email.trim();
    const next: Errors = {
      email: !trimmed ? "Email is required" : !looksLikeEmail(trimmed) ? "Please enter a valid email address" : undefined,
      message: !message.trim() ? "Message is required" : undefined,
    };
    setErrors(next);
    if (next.email || next.message) return;
    setStatus("submitting");
    try {
      const res = await apiRequest("POST", "/api/contact", { name: name.trim(), email: trimmed, messageType, message, website });
      if (!res.success) throw Object.assign(new Error(res.message || "Failed to send message. Please try again."), { refused: true });
      setStatus("success");
      toast.success(res.message || SUCCESS, { duration: 5000 });
    } catch (err) {
      const text = (err as { refused?: boolean }).refused ? (err as Error).message : failureMessage(err, "Failed to send message. Please try again.");
      setError(text);
      setStatus("idle");
      toast.error(text);
    }
  }

  function again() {
    setName("");
    setEmail("");
    setMessageType("general");
    setMessage("");
    setStatus("idle");
  }

  if (status === "success") {
    return (
      <div role="status" className="border-2 border-bone bg-coal p-6">
        <p className="font-display text-3xl uppercase">Message sent</p>
        <p className="mt-2 text-dust">{SUCCESS}</p>
        <button type="button" onClick={again} className="mt-5 text-sm font-bold tracking-wider text-blood uppercase underline-offset-4 hover:underline">
          Send another
        </button>
      </div>
    );
  }

  const busy = status === "submitting";
  return (
    <form onSubmit={submit} noValidate className="relative grid gap-5" aria-label="Send us a message">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" hint="(optional)">
          <input id="contact-name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} placeholder="Your name" />
        </Field>
        <Field id="contact-email" label="Email" error={errors.email}>
          <input
            id="contact-email"
            type="email"
            required
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            maxLength={254}
            placeholder="you@example.com"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? "contact-email-error" : undefined}
          />
        </Field>
      </div>
      <Field id="contact-type" label="Message type">
        <select id="contact-type" className={inputClass} value={messageType} onChange={(e) => setMessageType(e.target.value)}>
          {TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-message" label="Message" error={errors.message}>
        <textarea
          id="contact-message"
          required
          rows={6}
          maxLength={5000}
          className={inputClass}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="What's on your mind?"
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? "contact-message-error" : undefined}
        />
      </Field>
      <Honeypot value={website} onChange={setWebsite} />
      {error && (
        <p role="alert" className="border-l-4 border-blood bg-blood/10 px-3 py-2 text-sm">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="justify-self-start bg-blood px-6 py-3 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark disabled:opacity-60">
        {busy ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
