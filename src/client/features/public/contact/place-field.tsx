import { useEffect, useId, useState } from "react";
import { placesApi, type PlaceSuggestion } from "@shared/api/places";
import { Field, inputClass, invalidProps } from "./form-parts";

/** What was typed, once it has rested this long, is asked for suggestions. */
const SUGGEST_AFTER_MS = 300;

/**
 * 'Your city or ZIP' (issue 24), optional, named `place` for a plain form post: a text field with
 * the gazetteer's suggestions as its list (a fan may keep any words; an unknown place is kept and
 * simply not placed). Without JavaScript it is an ordinary text field.
 */
export function PlaceField({ id, value, onChange, hint, notPlaced, label = "Your city or ZIP", error }: { id: string; value: string; onChange: (place: string) => void; hint: string; notPlaced?: boolean; label?: string; error?: string }) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  useEffect(() => {
    const q = value.trim();
    if (q.length < 2) {
      setSuggestions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(placesApi.suggest(q), { signal: abort.signal, headers: { accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ data: PlaceSuggestion[] }>) : { data: [] }))
        .then((body) => setSuggestions(Array.isArray(body.data) ? body.data : []))
        .catch(() => {
          // no suggestions (offline, rate limited): the field still takes what is typed
        });
    }, SUGGEST_AFTER_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value]);

  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name="place"
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        list={listId}
        autoComplete="off"
        maxLength={100}
        placeholder="e.g. Raleigh, NC or 27601"
        {...invalidProps(id, error)}
      />
      <datalist id={listId}>
        {suggestions.map((p) => (
          <option key={p.name} value={p.name} />
        ))}
      </datalist>
      {notPlaced ? <p className="text-sm text-dust">We could not find that place on the map; it is kept as you wrote it.</p> : null}
    </Field>
  );
}
