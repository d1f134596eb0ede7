import { RegionSelect } from "@client/components/ui/region-select";
import type { FormAnswer } from "@client/lib/form-answer";
import { answerList, answerText } from "@client/lib/form-answer";
import { FieldError } from "./form-parts";

/** What a fan hears about: the signup form and the preferences page ask the same. */
export const INTERESTS = [
  { key: "shows", label: "Shows" },
  { key: "releases", label: "Releases" },
  { key: "merch", label: "Merch" },
] as const;
export type Interests = Record<(typeof INTERESTS)[number]["key"], boolean>;
export const NO_INTEREST = "Choose at least one: shows, releases or merch.";
/** The first checkbox's id: the one that takes the focus and carries the fieldset's error. */
export const firstInterestId = (idPrefix: string) => `${idPrefix}-interest-shows`;

/**
 * The interests as checkboxes named `interests` (posted without JavaScript as repeated
 * fields; the server maps them back, modules/subscribers/form-posts.ts).
 */
export function InterestFields({ idPrefix, interests, onChange, error }: { idPrefix: string; interests: Interests; onChange: (next: Interests) => void; error?: string }) {
  const firstId = firstInterestId(idPrefix);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${firstId}-error` : undefined}>
      <legend className="mb-1 text-sm font-bold tracking-wider uppercase">I want to hear about</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {INTERESTS.map(({ key, label }) => (
          <label key={key} className="flex cursor-pointer items-center gap-2">
            <input
              id={`${idPrefix}-interest-${key}`}
              name="interests"
              value={key}
              type="checkbox"
              className="size-5 accent-blood"
              checked={interests[key]}
              onChange={(e) => onChange({ ...interests, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={firstId} error={error} />
    </fieldset>
  );
}

/** Where the fan lives (optional), named `region` (and `country` outside the US) for a plain form post. */
export function RegionField({ id, value, onChange, hint }: { id: string; value: string; onChange: (region: string) => void; hint: string }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-bold tracking-wider uppercase">
        Where do you live? <span className="font-normal tracking-normal normal-case text-dust">{hint}</span>
      </label>
      <RegionSelect id={id} name="region" value={value} onChange={onChange} />
    </div>
  );
}

/** A posted form's interests and region, to start the fields from (issue 21). */
export function postedInterests(answer: FormAnswer): Interests {
  const chosen = answerList(answer, "interests");
  return { shows: chosen.includes("shows"), releases: chosen.includes("releases"), merch: chosen.includes("merch") };
}
export function postedRegion(answer: FormAnswer | null): string {
  const region = answerText(answer, "region");
  return region === "outside" ? answerText(answer, "country") : region;
}
