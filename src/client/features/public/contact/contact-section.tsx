import { cn } from "@client/lib/cn";
import { useSetting } from "@client/lib/settings";
import { ContactForm } from "./contact-form";
import { SubscribeForm } from "./subscribe-form";
import { SectionHeading } from "../ui/section-heading";

/** Mailing list (anchor #booking, as the spec names it) beside the message form. */
export function ContactSection() {
  // the band's words (Settings > Words on the site); saved empty: no intro line
  const listIntro = useSetting("mailing-list-intro").value.trim();
  const contactIntro = useSetting("contact-intro").value.trim();
  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="contact" index="07" title="Get in Touch" kicker="Contact" />
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-14">
        <div id="booking">
          <h3 className={cn("font-display text-3xl uppercase", !listIntro && "mb-6")}>Join the mailing list</h3>
          {listIntro && <p className="mt-2 mb-6 text-dust">{listIntro}</p>}
          <SubscribeForm />
        </div>
        <div className="border-t-2 border-bone pt-8 lg:border-t-0 lg:border-l-2 lg:pt-0 lg:pl-14">
          <h3 className={cn("font-display text-3xl uppercase", !contactIntro && "mb-6")}>Send us a message</h3>
          {contactIntro && <p className="mt-2 mb-6 text-dust">{contactIntro}</p>}
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
