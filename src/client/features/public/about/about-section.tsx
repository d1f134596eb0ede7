import type { BandMember } from "@shared/schemas/band-members";
import { SectionHeading } from "../ui/section-heading";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { useSetting } from "@client/lib/settings";
import { useBandMembers } from "./api";
import { MemberCard } from "./member-card";

export const MEMBERS_ERROR = "Error loading band members. Please try again later.";
export const NO_MEMBERS = "No band members to display at this time.";
/** spec section 9: public lists treat a missing sortOrder as 99 */
const order = (m: BandMember) => m.sortOrder ?? 99;

export function AboutSection() {
  const paragraphs = [useSetting("about-para1").value, useSetting("about-para2").value, useSetting("about-para3").value].filter((p) => p.trim());
  const showBios = useSetting("show-bios").value === "true";
  const origin = useSetting("origin").value.trim();
  const { data, isLoading, error } = useBandMembers();
  const members = Array.isArray(data) ? [...data].filter((m) => m.isActive !== false).sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name)) : [];

  return (
    <section id="about" aria-labelledby="about-title" className="relative overflow-hidden bg-bone py-20 text-ink sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="about" index="04" title="About the Band" kicker="Who we are" light>
          {origin && (
            <p aria-hidden="true" className="max-w-full rotate-3 border-4 border-blood px-3 py-1 font-display text-2xl leading-none break-words text-blood uppercase sm:text-3xl">
              {origin}
            </p>
          )}
        </SectionHeading>
        <div className="grid gap-6 text-lg leading-relaxed md:grid-cols-2 md:gap-x-12">
          {paragraphs.map((p, i) => (
            <p key={i} className={i === 0 ? "text-xl leading-snug font-semibold sm:text-2xl md:col-span-2 md:max-w-4xl md:text-3xl" : ""}>
              {p}
            </p>
          ))}
        </div>
        <h3 className="mt-16 mb-6 font-display text-3xl uppercase">The band</h3>
        {isLoading ? (
          <LoadingBlocks count={4} className="sm:grid-cols-2 lg:grid-cols-4" />
        ) : error ? (
          <StateMessage tone="error" light>{MEMBERS_ERROR}</StateMessage>
        ) : !members.length ? (
          <StateMessage light>{NO_MEMBERS}</StateMessage>
        ) : (
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
            {members.map((m, i) => (
              <MemberCard key={m.id} member={m} showBio={showBios} tilt={i % 2 ? 1 : -1} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
