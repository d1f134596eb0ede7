import { Link } from "wouter";

/** Where each form's words are on the privacy page (the page's section ids). */
export const PRIVACY_SECTIONS = { mailingList: "mailing-list", rsvps: "going-to-a-show", releases: "new-releases", contact: "contact-messages", stats: "visits", cookies: "cookies" } as const;
type Section = (typeof PRIVACY_SECTIONS)[keyof typeof PRIVACY_SECTIONS];

export const privacyHref = (section?: Section) => (section ? `/privacy#${section}` : "/privacy");

/** The small link beside a form's button: what happens to what the fan types (issue 23). */
export function PrivacyLink({ section, className = "" }: { section: Section; className?: string }) {
  return (
    <Link href={privacyHref(section)} className={`text-sm text-dust underline decoration-dust/50 underline-offset-4 hover:text-bone ${className}`}>
      How we use your details
    </Link>
  );
}
