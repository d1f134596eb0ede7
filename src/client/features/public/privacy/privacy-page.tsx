import { useEffect, type ReactNode } from "react";
import { Link } from "wouter";
import { useBandName } from "@client/lib/band-name";
import { useSetting } from "@client/lib/settings";
import {
  GEO_DATA,
  NEWSLETTER_CLICKS_SETTING,
  newsletterClicksCounted,
  RATE_LIMIT_WINDOW_MINUTES,
  SALT_GRACE_MINUTES,
  SESSION_COOKIE,
  SESSION_DAYS,
  SESSION_IDLE_HOURS,
} from "@shared/privacy";
import { INTERESTS } from "../contact/interest-fields";
import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { usePrivacyFacts } from "./api";
import { PRIVACY_SECTIONS } from "./privacy-link";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const link = "text-bone underline decoration-dust/60 underline-offset-4 hover:text-(--color-signal)";
const interestWords = INTERESTS.map((i) => i.label.toLowerCase()).join(", ");

/**
 * What the site collects (issue 23): every number and name comes from the code that does the
 * collecting (src/shared/privacy.ts) or from the server's configuration (GET /api/privacy,
 * inlined with the page), so the page follows the product when either changes.
 */
export default function PrivacyPage() {
  usePageTitle("Privacy");
  const band = useBandName();
  const timeZone = useSetting("timezone").value;
  const newsletterClicks = newsletterClicksCounted(useSetting(NEWSLETTER_CLICKS_SETTING).stored);
  const { data: facts, isLoading, error } = usePrivacyFacts();
  // a link to one section (the forms' "How we use your details") lands on it after a client-side navigation too
  useEffect(() => {
    if (facts && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [facts]);
  return (
    <main>
      <PageHero kicker="The small print" title="Privacy" lead={`What ${band}'s site keeps about you, and how to have it removed.`} />
      <div className="mx-auto grid max-w-3xl gap-12 px-4 py-12 leading-relaxed text-dust sm:px-6 sm:py-16">
        {isLoading ? (
          <LoadingBlocks count={3} itemClassName="h-40" />
        ) : error || !facts ? (
          <StateMessage tone="error">Failed to load this page. Please try again later.</StateMessage>
        ) : (
          <>
            <p className="text-lg text-bone">
              In short: no cookies for fans, no tracking by anyone else, your address is never stored with your visits, and what you give us on a form stays with the band until you
              delete it. This page is written from the settings the site runs with, so it says what the site actually does.
            </p>

            <Section id={PRIVACY_SECTIONS.stats} title="When you visit">
              <ul className="grid list-disc gap-2 pl-5">
                <li>The site counts page views without cookies and stores nothing in your browser (no cookie, no local storage).</li>
                <li>
                  For each page view it keeps the page (without anything after the ?), where the visit came from (the referring site or a campaign tag, reduced to a name such as
                  &ldquo;instagram&rdquo; or &ldquo;newsletter&rdquo;), and the country, region and city your internet address points to.
                </li>
                <li>
                  <strong className="text-bone">Your IP address is never stored.</strong> To count a visitor once a day, the site mixes your address and your browser&rsquo;s name with a random
                  value for that day and keeps only the scrambled result. That daily value is deleted {plural(SALT_GRACE_MINUTES, "minute")} after midnight ({timeZone}), so nobody,
                  the band included, can link your visits on different days.
                </li>
                <li>
                  Ticket and merch links go through this site (<code className="text-bone">/go/…</code>) so the band can count clicks per show and item; you land on the same shop.
                </li>
                <li>
                  Single page views and clicks are kept for <strong className="text-bone">{plural(facts.statsRetentionDays, "day")}</strong>; after that only daily totals remain, which
                  name no visitor.
                </li>
                <li>Search engine bots, link previews and the band&rsquo;s own signed-in visits are not counted.</li>
                <li>
                  Places come from {GEO_DATA.provider}&rsquo;s {GEO_DATA.dataset} database, installed on this server: your address is never sent to anyone to look it up.{" "}
                  <a href={GEO_DATA.url} className={link}>
                    {GEO_DATA.attribution}
                  </a>{" "}
                  (
                  <a href={GEO_DATA.licenceUrl} className={link}>
                    {GEO_DATA.licence}
                  </a>
                  ).
                </li>
              </ul>
            </Section>

            <Section id={PRIVACY_SECTIONS.mailingList} title="The mailing list">
              <p>When you subscribe, the band keeps:</p>
              <ul className="grid list-disc gap-2 pl-5">
                <li>your email address, and your name if you give it;</li>
                <li>what you want to hear about ({interestWords}) and, if you choose one, your state or country, so you hear about shows near you;</li>
                <li>
                  your city or ZIP code if you give one, as you typed it, with its point on a map from a list of places installed on this server (place names from{" "}
                  <a href="https://www.geonames.org" className={link}>
                    GeoNames
                  </a>
                  , CC BY 4.0; nothing is sent anywhere to look it up), so the band can tell fans within reach of a show about it;
                </li>
                <li>the page you signed up on and where that visit came from (as above: a name like &ldquo;instagram&rdquo;);</li>
                <li>
                  a record of your consent: when you subscribed and confirmed, and the IP address each was done from (or, for an address the band imported, who imported it and
                  when).
                </li>
              </ul>
              <p>
                You receive mail only after confirming your address. Every mail has a link to unsubscribe and one to your preferences page, where you can change your name,
                interests and region, or <strong className="text-bone">delete everything</strong>. Unsubscribing stops the mail but keeps your record, consent record included, so the band
                can show that you agreed; deleting removes the record itself, and newsletters already sent keep only their counts, not your address.
              </p>
              {newsletterClicks ? (
                <p>
                  Links in the band&rsquo;s newsletters go through this site (<code className="text-bone">/go/newsletter/…</code>) so the band can see how often each one is clicked.
                  Every fan gets the same links: a click is counted <strong className="text-bone">per newsletter and link, never per person</strong>, like the ticket clicks above.
                </p>
              ) : (
                <p>Links in the band&rsquo;s newsletters lead straight to where they point: the site does not count clicks on them.</p>
              )}
            </Section>

            <Section id={PRIVACY_SECTIONS.rsvps} title="Going to a show">
              <p>
                When you say you&rsquo;re going to a show, the band keeps your email address and your name if you give it, for that show, with when you said so and confirmed, and
                when the reminder and any news of the show went out. No IP address is kept with it.
              </p>
              <p>
                The address is used for three mails only: the link that confirms, a reminder the day before the show, and a note if the show is cancelled, postponed or moved.
                It does not put you on the mailing list; ticking &ldquo;also join the mailing list&rdquo; is a separate signup with its own confirmation. The band sees who is going to
                each show and can export that list. It is deleted with the show; the reminder and the notes carry a &ldquo;Can&rsquo;t make it?&rdquo; link that deletes it at once.
              </p>
              <p>
                &ldquo;Want us in your town?&rdquo; keeps the place you name and how many asked for it, nothing else; an email address given there joins the mailing list
                through its usual confirmation, as above.
              </p>
            </Section>

            <Section id={PRIVACY_SECTIONS.releases} title="New releases">
              <p>
                When you ask to be told when a release is out, the band keeps your email address for that release, with when you asked, confirmed and were told. No IP
                address is kept with it. It is used for two mails only: the link that confirms, and one mail the minute the release is out. It does not put you on the mailing
                list unless you tick the box, which is a separate signup with its own confirmation. It is deleted with the release.
              </p>
              <p>
                The free download for the list is a signup: once you confirm your address from the mail, you are on the mailing list (as above) and get a personal download
                link that works 5 times over 7 days. The band keeps the address with when you asked and confirmed and how many times the link was used, and sees how many fans
                each release brought to the list.
              </p>
            </Section>

            <Section id={PRIVACY_SECTIONS.contact} title="Messages you send">
              <p>
                The contact form keeps your name (if you give it), your email address, the message and its type, until the band deletes the message. No IP address is kept
                with it.
              </p>
            </Section>

            <Section id={PRIVACY_SECTIONS.cookies} title="Cookies">
              <p>
                Fans never get a cookie. The one cookie the site sets is <code className="text-bone">{SESSION_COOKIE}</code>, when a band member signs in to the admin; it ends after{" "}
                {plural(SESSION_IDLE_HOURS, "hour")} unused, and after {plural(SESSION_DAYS, "day")} at most.
              </p>
            </Section>

            <Section id="abuse" title="Keeping the forms safe">
              <p>
                To stop floods, the forms and the admin sign-in count attempts per internet address for {plural(RATE_LIMIT_WINDOW_MINUTES, "minute")}; the counters are deleted when the
                time is up. Like any web server, this one writes each request&rsquo;s address and page (never form contents or link codes) to its logs, kept by whoever runs the site.
              </p>
            </Section>

            <Section id="ask" title="Questions">
              <p>
                Anything else, or something you want removed:{" "}
                <Link href="/#contact" className={link}>
                  write to {band}
                </Link>
                .
              </p>
            </Section>
          </>
        )}
      </div>
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-24 gap-4">
      <h2 id={`${id}-title`} className="font-display text-4xl leading-none tracking-tight text-bone uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}
