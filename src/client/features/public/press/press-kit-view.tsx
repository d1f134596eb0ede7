import type { ReactNode } from "react";
import { Download, FileText, Mail } from "lucide-react";
import type { PressKit } from "@shared/api/press";
import type { Show } from "@shared/api/shows";
import { formatDate } from "@shared/format";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";

const link = "text-bone underline decoration-dust/60 underline-offset-4 hover:text-(--color-signal)";
const button =
  "inline-flex min-h-11 items-center gap-2 border-2 border-bone px-4 py-2 text-sm font-bold tracking-wider uppercase hover:bg-bone hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2";
const PHOTO_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw";

/**
 * The press kit's sections (issue 25), the same on /press and on a private link's page: bios,
 * photos (original files downloadable, credited), logos, quotes, stage plot and tech rider,
 * contacts, the latest release and the upcoming shows. A section the band has not filled is left out.
 */
export function PressKitView({ kit, band, shows }: { kit: PressKit; band: string; shows?: Show[] }) {
  const hasContacts = kit.bookingEmail || kit.pressEmail || kit.bookingName || kit.pressName;
  const hasDocs = kit.stagePlotUrl || kit.techRiderUrl;
  const empty = !kit.shortBio && !kit.longBio && !kit.photos.length && !kit.logos.length && !kit.quotes.length && !hasDocs && !hasContacts && !kit.latestRelease;
  return (
    <div className="mx-auto grid max-w-6xl gap-14 px-4 py-12 sm:px-6 sm:py-16">
      {empty && <p className="text-lg text-dust">The press kit is being put together. Please check back soon.</p>}
      {(kit.shortBio || kit.longBio) && (
        <Section id="bio" title="Bio">
          {kit.shortBio && <p className="max-w-3xl text-xl leading-relaxed whitespace-pre-line text-bone">{kit.shortBio}</p>}
          {kit.longBio && <div className="mt-6 max-w-3xl leading-relaxed whitespace-pre-line text-dust">{kit.longBio}</div>}
        </Section>
      )}
      {kit.latestRelease && (
        <Section id="latest-release" title="Latest release">
          <a href={kit.latestRelease.url} className="flex items-center gap-4">
            {kit.latestRelease.coverUrl && <img src={kit.latestRelease.coverUrl} alt="" width={96} height={96} className="size-24 object-cover" loading="lazy" />}
            <span className={`${link} min-w-0 text-xl font-bold wrap-anywhere`}>{kit.latestRelease.title}</span>
          </a>
        </Section>
      )}
      {kit.photos.length > 0 && (
        <Section id="photos" title="Photos">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {kit.photos.map((photo) => (
              <li key={photo.url} className="grid content-start gap-2">
                <ImageWithFallback
                  src={photo.url}
                  variants={photo.image}
                  sizes={PHOTO_SIZES}
                  width={photo.image?.width ?? 600}
                  height={photo.image?.height ?? 400}
                  alt={photo.caption || `${band} press photo`}
                  className="aspect-[3/2] w-full bg-ash object-cover"
                />
                <p className="text-sm text-dust">
                  {photo.caption && <span className="text-bone">{photo.caption}. </span>}
                  Photo: {photo.credit}
                </p>
                <a href={photo.url} download={photo.fileName} className={`${link} inline-flex items-center gap-1.5 text-sm`}>
                  <Download className="size-4" aria-hidden="true" /> Download original<span className="sr-only">: {photo.caption || photo.fileName}</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-dust">Free to use for press about {band}, with the photographer credited.</p>
        </Section>
      )}
      {kit.logos.length > 0 && (
        <Section id="logos" title="Logos">
          <ul className="grid grid-cols-2 gap-6 sm:grid-cols-4">
            {kit.logos.map((logo) => (
              <li key={logo.url} className="grid content-start gap-2">
                <img src={logo.url} alt={`${band} logo: ${logo.label}`} loading="lazy" className="aspect-square w-full bg-bone/90 object-contain p-4" />
                <a href={logo.url} download={logo.fileName} className={`${link} inline-flex items-center gap-1.5 text-sm`}>
                  <Download className="size-4" aria-hidden="true" /> {logo.label}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kit.quotes.length > 0 && (
        <Section id="quotes" title="Press quotes">
          <ul className="grid gap-8 md:grid-cols-2">
            {kit.quotes.map((q, i) => (
              <li key={i}>
                <figure className="border-l-4 border-blood pl-5">
                  <blockquote className="text-lg leading-relaxed whitespace-pre-line text-bone">&ldquo;{q.quote}&rdquo;</blockquote>
                  <figcaption className="mt-2 text-sm text-dust">
                    &mdash;{" "}
                    {q.sourceUrl ? (
                      <a href={q.sourceUrl} className={link} rel="noopener noreferrer">
                        {q.source}
                      </a>
                    ) : (
                      q.source
                    )}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {hasDocs && (
        <Section id="technical" title="Stage plot and tech rider">
          <div className="flex flex-wrap gap-4">
            {kit.stagePlotUrl && (
              <a href={kit.stagePlotUrl} download={`${band} stage plot.pdf`} className={button}>
                <FileText className="size-4" aria-hidden="true" /> Stage plot (PDF)
              </a>
            )}
            {kit.techRiderUrl && (
              <a href={kit.techRiderUrl} download={`${band} tech rider.pdf`} className={button}>
                <FileText className="size-4" aria-hidden="true" /> Tech rider (PDF)
              </a>
            )}
          </div>
        </Section>
      )}
      {shows && (
        <Section id="shows" title="Upcoming shows">
          {shows.length ? (
            <ul className="grid max-w-3xl divide-y divide-smoke border-y border-smoke">
              {shows.map((show) => (
                <li key={show.id} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
                  <span className="font-bold text-bone">{formatDate(show.date)}</span>
                  <span className="text-dust">
                    {show.venue}, {show.location}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-dust">No shows announced right now.</p>
          )}
        </Section>
      )}
      {hasContacts && (
        <Section id="contacts" title="Contacts">
          <dl className="grid gap-6 sm:grid-cols-2">
            <Contact role="Booking" name={kit.bookingName} email={kit.bookingEmail} />
            <Contact role="Press" name={kit.pressName} email={kit.pressEmail} />
          </dl>
        </Section>
      )}
    </div>
  );
}

function Contact({ role, name, email }: { role: string; name: string; email: string }) {
  if (!name && !email) return null;
  return (
    <div>
      <dt className="text-xs font-bold tracking-[0.2em] text-dust uppercase">{role}</dt>
      <dd className="mt-1 text-lg text-bone">
        {name && <span className="block">{name}</span>}
        {email && (
          <a href={`mailto:${email}`} className={`${link} inline-flex items-center gap-1.5 break-all`}>
            <Mail className="size-4 shrink-0" aria-hidden="true" /> {email}
          </a>
        )}
      </dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`press-${id}`}>
      <h2 id={`press-${id}`} className="mb-6 font-display text-4xl leading-none uppercase sm:text-5xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
