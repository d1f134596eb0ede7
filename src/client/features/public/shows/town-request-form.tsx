import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { TOWN_REQUEST_THANKS, placesApi } from "@shared/api/places";
import { Field, FormError, Honeypot, SubmitButton, SubmitRow, SuccessPanel, inputClass, invalidProps } from "../contact/form-parts";
import { PlaceField } from "../contact/place-field";
import { usePublicForm } from "../contact/use-public-form";
import { answerText, useFormAnswer } from "@client/lib/form-answer";

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * 'Want us in your town?' (issue 24): a town (with the gazetteer's suggestions) and, if the fan
 * likes, an address that joins the mailing list for show news (it confirms by mail first).
 * Without JavaScript it posts as an ordinary form and the page comes back with its answer here
 * (decision 026).
 */
export function TownRequestForm() {
  const [page] = useLocation();
  const answer = useFormAnswer("town");
  const [place, setPlace] = useState(() => answerText(answer, "place"));
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [website, setWebsite] = useState("");
  const form = usePublicForm({ url: placesApi.townRequests, failed: "That did not go through. Please try again.", success: TOWN_REQUEST_THANKS, answer, fieldIds: { place: "town-place", email: "town-email" } });

  function submit(e: FormEvent) {
    e.preventDefault();
    const town = place.trim();
    const address = email.trim();
    void form.submit(
      { "town-place": town.length < 2 ? "Please tell us your town" : undefined, "town-email": address && !EMAIL_LIKE.test(address) ? "Please enter a valid email address" : undefined },
      { place: town, ...(address ? { email: address } : {}), website },
    );
  }

  return (
    <div id="town-request" className="mt-12 scroll-mt-24 rounded-lg border border-white/10 p-5 sm:p-6">
      <h3 className="font-display text-2xl tracking-wide uppercase">Want us in your town?</h3>
      {form.status === "success" ? (
        <SuccessPanel
          title="Noted!"
          message={email.trim() ? `${TOWN_REQUEST_THANKS} Check your email to confirm you want show news.` : TOWN_REQUEST_THANKS}
          againLabel="Ask for another town"
          onAgain={() => {
            setPlace("");
            setEmail("");
            form.reset("town-place");
          }}
        />
      ) : (
        // action and names: the same form works as an ordinary post without JavaScript
        <form onSubmit={submit} action={`${placesApi.townRequests}#town-request`} method="post" noValidate className="mt-4 grid gap-5 sm:grid-cols-2" aria-label="Want us in your town?">
          <PlaceField id="town-place" label="Your town" value={place} onChange={setPlace} hint="" error={form.fieldErrors["town-place"]} />
          <Field id="town-email" label="Email" hint="(optional: we write when we play there)" error={form.fieldErrors["town-email"]}>
            <input id="town-email" name="email" type="email" className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" maxLength={254} placeholder="you@example.com" {...invalidProps("town-email", form.fieldErrors["town-email"])} />
          </Field>
          <Honeypot value={website} onChange={setWebsite} />
          <input type="hidden" name="page" value={page} />
          <FormError error={form.error} />
          <SubmitRow>
            <SubmitButton busy={form.busy} label="Tell us" busyLabel="Sending..." />
          </SubmitRow>
        </form>
      )}
    </div>
  );
}
