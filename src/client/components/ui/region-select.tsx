import { useId, useState } from "react";
import { COUNTRY_OPTIONS, US_STATE_OPTIONS, isUsState } from "@shared/regions";
import { cn } from "@client/lib/cn";

const base =
  "w-full h-10 rounded-md border border-smoke bg-coal px-3 text-bone disabled:opacity-50 aria-[invalid=true]:border-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber";
const OUTSIDE = "outside";

export interface RegionSelectProps {
  /** 'US-NC', 'DE', or "" for none */
  value: string;
  onChange: (region: string) => void;
  id?: string;
  /** the label of the first option (no region) */
  noneLabel?: string;
  className?: string;
  disabled?: boolean;
  "aria-describedby"?: string;
  /**
   * The field's name in a form posted without JavaScript (issue 21). Its country list, which
   * the app shows after 'Outside the US', is then in the page for browsers without JavaScript
   * too, named `country`.
   */
  name?: string;
}

/**
 * Where a fan lives (shared/regions.ts): a US state, or 'Outside the US' and then a country.
 * Native selects, so a phone shows its own picker and screen readers know them; the country
 * select appears only after 'Outside the US' and carries its own label.
 */
export function RegionSelect({ value, onChange, id, noneLabel = "Prefer not to say", className, disabled, name, ...aria }: RegionSelectProps) {
  const countryId = useId();
  const abroad = value !== "" && !isUsState(value);
  // 'Outside the US' chosen but no country yet: remembered here, since the value is still ""
  const [outsidePicked, setOutsidePicked] = useState(false);
  const showCountry = abroad || outsidePicked;

  return (
    <div className="grid gap-2">
      <select
        id={id}
        name={name}
        className={cn(base, className)}
        value={showCountry ? OUTSIDE : value}
        disabled={disabled}
        aria-describedby={aria["aria-describedby"]}
        onChange={(e) => {
          const v = e.target.value;
          setOutsidePicked(v === OUTSIDE);
          onChange(v === OUTSIDE ? "" : v);
        }}
      >
        <option value="">{noneLabel}</option>
        <optgroup label="United States">
          {US_STATE_OPTIONS.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </optgroup>
        <option value={OUTSIDE}>Outside the US</option>
      </select>
      {showCountry && (
        <>
          <label htmlFor={countryId} className="sr-only">
            Country
          </label>
          <select id={countryId} name={name && "country"} className={cn(base, className)} value={abroad ? value : ""} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
            <CountryOptions />
          </select>
        </>
      )}
      {name && !showCountry && (
        // only a browser without JavaScript shows this: the app asks for the country after 'Outside the US'
        <noscript>
          <label className="grid gap-1 text-sm">
            Outside the US? Your country:
            <select name="country" className={cn(base, className)} defaultValue="">
              <CountryOptions />
            </select>
          </label>
        </noscript>
      )}
    </div>
  );
}

function CountryOptions() {
  return (
    <>
      <option value="">Choose a country</option>
      {COUNTRY_OPTIONS.map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </>
  );
}
