import { useState, type FormEvent } from "react";
import { subscribersApi } from "@shared/api/subscribers";
import { answerText, useFormAnswer } from "@client/lib/form-answer";
import { InterestFields, NO_INTEREST, RegionField, firstInterestId, postedInterests, postedRegion, type Interests } from "./interest-fields";
import { EmailField, Field, FormError, Honeypot, SubmitButton, SubmitRow, SuccessPanel, inputClass } from "./form-parts";
import { PlaceField } from "./place-field";
import { PRIVACY_SECTIONS, PrivacyLink } from "../privacy/privacy-link";
import { emailError, usePublicForm } from "./use-public-form";

const ALL_INTERESTS: Interests = { shows: true, releases: true, merch: true };
const FIRST_INTEREST_ID = firstInterestId("subscribe");

/** Mailing-list signup (spec sections 2, 4, 5, 8): idle, submitting, success with 'subscribe another'. */
export function SubscribeForm() {
  // posted without JavaScript (issue 21): the page comes back with what was typed and the errors
  const answer = useFormAnswer("subscribe");
  const [name, setName] = useState(() => answerText(answer, "name"));
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [interests, setInterests] = useState<Interests>(() => (answer ? postedInterests(answer) : ALL_INTERESTS));
  // optional: where the fan lives ('US-NC', 'DE'), so the band can write to the fans near a show
  const [region, setRegion] = useState(() => postedRegion(answer));
  // optional (issue 24): 'Your city or ZIP', for the mails about shows nearby
  const [place, setPlace] = useState(() => answerText(answer, "place"));
  const [website, setWebsite] = useState("");
  const form = usePublicForm({
    url: subscribersApi.subscribe,
    failed: "Failed to subscribe. Please try again.",
    success: "Please check your email to verify your subscription.",
    answer,
    fieldIds: { email: "subscribe-email", interests: FIRST_INTEREST_ID },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    // With nothing chosen no newsletter would ever match (recipients share at least one interest).
    const noInterest = Object.values(interests).some(Boolean) ? undefined : NO_INTEREST;
    void form.submit({ "subscribe-email": emailError(trimmed), [FIRST_INTEREST_ID]: noInterest }, { name: name.trim(), email: trimmed, interests, ...(region ? { region } : {}), ...(place.trim() ? { place: place.trim() } : {}), website, page: location.pathname + location.search, referrer: document.referrer });
  }

  function again() {
    setName("");
    setEmail("");
    setInterests(ALL_INTERESTS);
    setRegion("");
    setPlace("");
    form.reset("subscribe-name");
  }

  if (form.status === "success") {
    return <SuccessPanel title="Thanks for subscribing!" message={form.message} againLabel="Subscribe another" onAgain={again} />;
  }

  const error = form.fieldErrors["subscribe-email"];
  const interestError = form.fieldErrors[FIRST_INTEREST_ID];
  return (
    // action and names: the same form works as an ordinary post without JavaScript (issue 21)
    <form onSubmit={submit} action={`${subscribersApi.subscribe}#booking`} method="post" noValidate className="relative grid gap-5" aria-label="Join the mailing list">
      <Field id="subscribe-name" label="Name" hint="(optional)">
        <input id="subscribe-name" name="name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} placeholder="Your name" />
      </Field>
      <EmailField id="subscribe-email" name="email" value={email} onChange={setEmail} error={error} />
      <InterestFields idPrefix="subscribe" interests={interests} onChange={setInterests} error={interestError} />
      <RegionField id="subscribe-region" value={region} onChange={setRegion} hint="(optional)" />
      <PlaceField id="subscribe-place" value={place} onChange={setPlace} hint="(optional: we write when we play near you)" />
      <Honeypot value={website} onChange={setWebsite} />
      <FormError error={form.error} />
      <SubmitRow>
        <SubmitButton busy={form.busy} label="Subscribe" busyLabel="Subscribing..." />
        <PrivacyLink section={PRIVACY_SECTIONS.mailingList} />
      </SubmitRow>
    </form>
  );
}
