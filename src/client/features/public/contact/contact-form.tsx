import { useState, type FormEvent } from "react";
import { messagesApi } from "@shared/api/messages";
import { EmailField, Field, FormError, Honeypot, SubmitButton, SubmitRow, SuccessPanel, inputClass, invalidProps } from "./form-parts";
import { PRIVACY_SECTIONS, PrivacyLink } from "../privacy/privacy-link";
import { emailError, usePublicForm } from "./use-public-form";
import { answerText, useFormAnswer } from "@client/lib/form-answer";

const TYPES = [
  { value: "general", label: "General" },
  { value: "booking", label: "Booking" },
  { value: "press", label: "Press" },
] as const;

/** The message form (spec sections 2, 4, 5, 8): idle, submitting, success with 'send another'. */
export function ContactForm() {
  // posted without JavaScript (issue 21): the page comes back with what was typed and the errors
  const answer = useFormAnswer("contact");
  const [name, setName] = useState(() => answerText(answer, "name"));
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [messageType, setMessageType] = useState<string>(() => answerText(answer, "messageType") || "general");
  const [message, setMessage] = useState(() => answerText(answer, "message"));
  const [website, setWebsite] = useState("");
  const form = usePublicForm({
    url: messagesApi.contact,
    failed: "Failed to send message. Please try again.",
    success: "Thank you for reaching out. We'll get back to you soon.",
    answer,
    fieldIds: { email: "contact-email", message: "contact-message" },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    const errors = { "contact-email": emailError(trimmed), "contact-message": message.trim() ? undefined : "Message is required" };
    void form.submit(errors, { name: name.trim(), email: trimmed, messageType, message, website });
  }

  function again() {
    setName("");
    setEmail("");
    setMessageType("general");
    setMessage("");
    form.reset("contact-name");
  }

  if (form.status === "success") {
    return <SuccessPanel title="Message sent" message={form.message} againLabel="Send another" onAgain={again} />;
  }

  const { "contact-email": emailErr, "contact-message": messageErr } = form.fieldErrors;
  return (
    // action and names: the same form works as an ordinary post without JavaScript (issue 21)
    <form onSubmit={submit} action={`${messagesApi.contact}#contact`} method="post" noValidate className="relative grid gap-5" aria-label="Send us a message">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" hint="(optional)">
          <input id="contact-name" name="name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} placeholder="Your name" />
        </Field>
        <EmailField id="contact-email" name="email" value={email} onChange={setEmail} error={emailErr} />
      </div>
      <Field id="contact-type" label="Message type">
        <select id="contact-type" name="messageType" className={inputClass} value={messageType} onChange={(e) => setMessageType(e.target.value)}>
          {TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-message" label="Message" error={messageErr}>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={5000}
          className={inputClass}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="What's on your mind?"
          {...invalidProps("contact-message", messageErr)}
        />
      </Field>
      <Honeypot value={website} onChange={setWebsite} />
      <FormError error={form.error} />
      <SubmitRow>
        <SubmitButton busy={form.busy} label="Send Message" busyLabel="Sending..." />
        <PrivacyLink section={PRIVACY_SECTIONS.contact} />
      </SubmitRow>
    </form>
  );
}
