import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { Link, useSearch } from "wouter";
import type { Preferences } from "@shared/api/preferences";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { ApiError } from "@client/lib/api-client";
import { Field, FormError, inputClass } from "../contact/form-parts";
import { usePageTitle } from "../ui/use-page-title";
import {
  useDeleteMyData,
  usePreferences,
  useSavePreferences,
  useUnsubscribeFromPreferences,
} from "./api";
import { EmailAddress } from "@client/components/ui/email-address";
import { preferencesApi } from "@shared/api/preferences";
import { answerText, refusalText, useFormAnswer } from "@client/lib/form-answer";
import { PlaceField } from "../contact/place-field";
import { InterestFields, NO_INTEREST, RegionField, firstInterestId, postedInterests, postedRegion } from "../contact/interest-fields";
import { PRIVACY_SECTIONS, PrivacyLink } from "../privacy/privacy-link";

const INVALID =
  "This preferences link is not valid. Please use the link in the latest mail you got from us.";
const LOAD_FAILED = "Could not load your preferences. Please try again.";
const FAILED = "An error occurred. Please try again.";
const FIRST_INTEREST_ID = firstInterestId("preferences");

const primary =
  "bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80 disabled:opacity-60";
const outline =
  "border-2 border-bone px-6 py-3 font-bold tracking-wider uppercase hover:bg-bone hover:text-ink disabled:opacity-60";

/** The server's words for a refusal (404 unknown link, 410 deleted, 400 a rule), else a generic one. */
const messageOf = (err: unknown, fallback: string) =>
  (err instanceof ApiError && err.status < 500 && err.serverMessage) ||
  fallback;

/**
 * /preferences?token=.. from the link in every mail to a fan (issue 12): no account, the token
 * is the authority. Name, interests and region; unsubscribe; delete everything (asked first).
 */
export default function PreferencesPage() {
  usePageTitle("Your preferences");
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";
  const preferences = usePreferences(token);
  // a form of this page posted without JavaScript (issue 21): the page comes back with its outcome
  const deleted = useFormAnswer("preferences-delete");
  const refusedLink = useFormAnswer("preferences");
  const [erased, setErased] = useState<string | null>(deleted?.ok ? deleted.message : null);

  let body: ReactNode;
  if (erased) {
    body = (
      <Notice
        tone="done"
        message={erased}
        detail="Changed your mind? You can sign up again on the site at any time."
      />
    );
  } else if (!token) {
    body = <Notice tone="error" message={INVALID} />;
  } else if (!preferences.data && refusedLink && !refusedLink.ok) {
    // the server found no subscription for the link when it drew the page
    body = <Notice tone="error" message={refusedLink.message} />;
  } else if (preferences.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-dust">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-smoke border-t-blood"
        />
        Loading your preferences...
      </p>
    );
  } else if (preferences.isError) {
    body = (
      <Notice
        tone="error"
        message={messageOf(preferences.error, LOAD_FAILED)}
      />
    );
  } else {
    body = (
      <PreferencesForm
        token={token}
        initial={preferences.data}
        onErased={setErased}
      />
    );
  }

  const finished = Boolean(erased) || !token || preferences.isError || Boolean(!preferences.data && refusedLink && !refusedLink.ok);
  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">
        Mailing list
      </p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">
        Your preferences
      </h1>
      <div className="mt-8">{body}</div>
      {finished && (
        <Link href="/" className={`mt-8 inline-block ${outline}`}>
          Back to the site
        </Link>
      )}
    </main>
  );
}

function Notice({
  tone,
  message,
  detail,
}: {
  tone: "done" | "error";
  message: string;
  detail?: string;
}) {
  // the answer that replaces the page takes the focus, so a keyboard user hears it
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={`px-4 py-5 focus:outline-none ${tone === "error" ? "border-l-4 border-blood bg-blood/10" : "border-l-4 border-moss bg-moss/10"}`}
    >
      <p className="text-lg font-bold">{message}</p>
      {detail && <p className="mt-1 text-dust">{detail}</p>}
    </div>
  );
}

function PreferencesForm({
  token,
  initial,
  onErased,
}: {
  token: string;
  initial: Preferences;
  onErased: (message: string) => void;
}) {
  const regionId = useId();
  const placeId = useId();
  // posted without JavaScript (issue 21): a refused save keeps what the fan typed and says why
  const posted = useFormAnswer("preferences");
  const refused = posted && !posted.ok ? posted : null;
  const unsubscribed = useFormAnswer("preferences-unsubscribe");
  const deleteRefused = useFormAnswer("preferences-delete");
  const [name, setName] = useState(refused ? answerText(refused, "name") : (initial.name ?? ""));
  const [interests, setInterests] = useState(refused ? postedInterests(refused) : initial.interests);
  const [region, setRegion] = useState(refused ? postedRegion(refused) : (initial.region ?? ""));
  const [place, setPlace] = useState(refused ? answerText(refused, "place") : (initial.place ?? ""));
  const [saved, setSaved] = useState<string | null>(posted?.ok ? posted.message : null);
  const [interestError, setInterestError] = useState<string | undefined>(refused?.errors?.interests);
  const [askDelete, setAskDelete] = useState(false);
  const save = useSavePreferences(token);
  const unsubscribe = useUnsubscribeFromPreferences(token);
  const erase = useDeleteMyData(token);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(null);
    if (!Object.values(interests).some(Boolean)) {
      setInterestError(NO_INTEREST);
      document.getElementById(FIRST_INTEREST_ID)?.focus();
      return;
    }
    setInterestError(undefined);
    save.mutate(
      { name: name.trim() || null, interests, region: region || null, place: place.trim() || null },
      {
        onSuccess: (res) =>
          setSaved(res.message ?? "Your preferences have been saved."),
      },
    );
  }

  function deleteData() {
    erase.mutate(undefined, {
      onSuccess: (res) => {
        setAskDelete(false);
        onErased(
          res.message ??
            "Your subscription has been deleted. Nothing more is stored about you.",
        );
      },
      onError: () => setAskDelete(false),
    });
  }

  const edit = () => setSaved(null);
  return (
    <div className="grid gap-12">
      {/* ordinary forms too (method, action, names), so the page works without JavaScript (issue 21) */}
      <form
        onSubmit={submit}
        method="post"
        action={preferencesApi.item}
        noValidate
        className="grid gap-5"
        aria-label="Your preferences"
      >
        <input type="hidden" name="token" value={token} />
        <Field id="preferences-email" label="Email">
          <input
            id="preferences-email"
            className={`${inputClass} cursor-default opacity-80`}
            value={initial.email}
            readOnly
            aria-readonly="true"
          />
        </Field>
        <Field id="preferences-name" label="Name" hint="(optional)">
          <input
            id="preferences-name"
            name="name"
            className={inputClass}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              edit();
            }}
            autoComplete="name"
            maxLength={100}
            placeholder="Your name"
          />
        </Field>
        <InterestFields
          idPrefix="preferences"
          interests={interests}
          onChange={(next) => {
            setInterests(next);
            edit();
          }}
          error={interestError}
        />
        <RegionField
          id={regionId}
          value={region}
          onChange={(r) => {
            setRegion(r);
            edit();
          }}
          hint="(optional: we write when we play near you)"
        />
        <PlaceField
          id={placeId}
          value={place}
          onChange={(p) => {
            setPlace(p);
            edit();
          }}
          hint="(optional: for shows near you)"
          notPlaced={Boolean(initial.place) && !initial.placed && place === initial.place}
        />
        <FormError
          error={save.isError ? messageOf(save.error, FAILED) : refused && !refused.errors?.interests ? refusalText(refused) : undefined}
        />
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
            className={primary}
          >
            {save.isPending ? "Saving..." : "Save"}
          </button>
          <p role="status" className="font-bold text-[#7fc99a]">
            {saved}
          </p>
          <PrivacyLink section={PRIVACY_SECTIONS.mailingList} className="ml-auto" />
        </div>
      </form>

      <section
        aria-labelledby="preferences-leave"
        className="grid gap-4 border-t border-smoke pt-8"
      >
        <h2 id="preferences-leave" className="font-display text-3xl uppercase">
          Leave the list
        </h2>
        {initial.isSubscribed ? (
          <div className="grid gap-3">
            <p className="text-dust">
              No more newsletters to <EmailAddress address={initial.email} />.
              Your details stay until you delete them.
            </p>
            <form
              method="post"
              action={preferencesApi.unsubscribe}
              onSubmit={(e) => {
                e.preventDefault();
                unsubscribe.mutate();
              }}
            >
              <input type="hidden" name="token" value={token} />
              <button
                type="submit"
                disabled={unsubscribe.isPending}
                className={outline}
              >
                {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
              </button>
            </form>
          </div>
        ) : (
          <p
            role="status"
            className="border-l-4 border-moss bg-moss/10 px-4 py-3"
          >
            {unsubscribe.data?.message ??
              (unsubscribed?.ok ? unsubscribed.message : undefined) ??
              "You are unsubscribed: no newsletters go to this address."}{" "}
            To come back, sign up again on the site.
          </p>
        )}
        <FormError
          error={
            unsubscribe.isError
              ? messageOf(unsubscribe.error, FAILED)
              : refusalText(unsubscribed)
          }
        />
        <div className="grid gap-3">
          <p className="text-dust">
            Delete your subscription and everything we store about you. This
            cannot be undone.
          </p>
          {/* With JavaScript the button asks in a dialog; without, the box below asks (issue 21). */}
          <form
            method="post"
            action={preferencesApi.erase}
            onSubmit={(e) => {
              e.preventDefault();
              setAskDelete(true);
            }}
            className="grid gap-3"
          >
            <input type="hidden" name="token" value={token} />
            <noscript>
              <label className="flex cursor-pointer items-center gap-2">
                <input type="checkbox" name="confirm" value="yes" className="size-5 accent-blood" />
                Yes, delete everything about {initial.email}
              </label>
            </noscript>
            <div>
              {/* a quiet button: the page's one loud action is Save (issue 21) */}
              <button type="submit" className={outline}>
                Delete my data
              </button>
            </div>
          </form>
          <FormError
            error={erase.isError ? messageOf(erase.error, FAILED) : refusalText(deleteRefused)}
          />
        </div>
      </section>
      <ConfirmDialog
        open={askDelete}
        onOpenChange={setAskDelete}
        title="Delete your data?"
        description={`This deletes the subscription of ${initial.email}: your name, address, interests and region. It cannot be undone.`}
        confirmLabel="Delete my data"
        pending={erase.isPending}
        onConfirm={deleteData}
      />
    </div>
  );
}

