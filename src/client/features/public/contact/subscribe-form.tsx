import { useState, type FormEvent } from "react";
import { subscribersApi } from "@shared/api/subscribers";
import { RegionSelect } from "@client/components/ui/region-select";
import { answerList, answerText, useFormAnswer } from "@client/lib/form-answer";
import { EmailField, Field, FieldError, FormError, Honeypot, SubmitButton, SuccessPanel, inputClass } from "./form-parts";
import { emailError, usePublicForm } from "./use-public-form";

const INTERESTS = [
  { key: "shows", label: "Shows" },
  { key: "releases", label: "Releases" },
  { key: "merch", label: "Merch" },
] as const;
type Interests = Record<(typeof INTERESTS)[number]["key"], boolean>;
const ALL_INTERESTS: Interests = { shows: true, releases: true, merch: true };
const FIRST_INTEREST_ID = "subscribe-interest-shows";
const NO_INTEREST = "Choose at least one: shows, releases or merch.";
const postedInterests = (chosen: string[]): Interests => ({ shows: chosen.includes("shows"), releases: chosen.includes("releases"), merch: chosen.includes("merch") });

/** Mailing-list signup (spec sections 2, 4, 5, 8): idle, submitting, success with 'subscribe another'. */
export function SubscribeForm() {
  // posted without JavaScript (issue 21): the page comes back with what was typed and the errors
  const answer = useFormAnswer("subscribe");
  const [name, setName] = useState(() => answerText(answer, "name"));
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [interests, setInterests] = useState<Interests>(() => (answer ? postedInterests(answerList(answer, "interests")) : ALL_INTERESTS));
  // optional: where the fan lives ('US-NC', 'DE'), so the band can write to the fans near a show
  const [region, setRegion] = useState(() => (answerText(answer, "region") === "outside" ? answerText(answer, "country") : answerText(answer, "region")));
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
    void form.submit({ "subscribe-email": emailError(trimmed), [FIRST_INTEREST_ID]: noInterest }, { name: name.trim(), email: trimmed, interests, ...(region ? { region } : {}), website });
  }

  function again() {
    setName("");
    setEmail("");
    setInterests(ALL_INTERESTS);
    setRegion("");
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
      <fieldset className="grid gap-2" aria-describedby={interestError ? `${FIRST_INTEREST_ID}-error` : undefined}>
        <legend className="mb-1 text-sm font-bold tracking-wider uppercase">I want to hear about</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {INTERESTS.map(({ key, label }) => (
            <label key={key} className="flex cursor-pointer items-center gap-2">
              <input id={`subscribe-interest-${key}`} name="interests" value={key} type="checkbox" className="size-5 accent-blood" checked={interests[key]} onChange={(e) => setInterests((i) => ({ ...i, [key]: e.target.checked }))} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={FIRST_INTEREST_ID} error={interestError} />
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor="subscribe-region" className="text-sm font-bold tracking-wider uppercase">
          Where do you live? <span className="font-normal tracking-normal normal-case text-dust">(optional)</span>
        </label>
        <RegionSelect id="subscribe-region" name="region" value={region} onChange={setRegion} />
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <FormError error={form.error} />
      <SubmitButton busy={form.busy} label="Subscribe" busyLabel="Subscribing..." />
    </form>
  );
}
