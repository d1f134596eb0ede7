import { useParams } from "wouter";
import { usePageTitle } from "../ui/use-page-title";
import { SuccessPanel } from "./form-parts";

/**
 * Where the home page's forms lead after a success posted without JavaScript (issue 21): the
 * same thanks as the panel the app shows in place, on a page of its own, so reloading it posts
 * nothing twice. With JavaScript the forms never come here.
 */
const THANKS = {
  subscribe: { title: "Thanks for subscribing!", message: "Please check your email to verify your subscription.", againLabel: "Subscribe another", againHref: "/#booking" },
  contact: { title: "Message sent", message: "Thank you for reaching out. We'll get back to you soon.", againLabel: "Send another", againHref: "/#contact" },
} as const;

export default function ThanksPage() {
  const { form } = useParams<{ form: string }>();
  const thanks = THANKS[form as keyof typeof THANKS] ?? THANKS.contact;
  usePageTitle(thanks.title);
  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">{form === "subscribe" ? "Mailing list" : "Contact"}</p>
      <SuccessPanel {...thanks} />
      <a href="/" className="mt-8 inline-block border-2 border-bone px-6 py-3 font-bold tracking-wider uppercase hover:bg-bone hover:text-ink">
        Back to the site
      </a>
    </main>
  );
}
