import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { SettingKey } from "@shared/constants";
import { checkSettingValue } from "@shared/schemas/settings";
import { settingOrDefault } from "@shared/settings-defaults";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@client/components/ui/card";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { cn } from "@client/lib/cn";
import { useSaveSettings, useSettings } from "@client/lib/settings";
import { SettingField, type SettingFieldSpec } from "./setting-field";

/** The page learns which sections hold edits not saved yet (for 'Leave without saving?'). */
export const UnsavedSectionsContext = createContext<(section: string, unsaved: boolean) => void>(() => {});

export interface SettingsSectionProps {
  title: string;
  description: ReactNode;
  fields: readonly SettingFieldSpec[];
}

type Errors = Partial<Record<SettingKey, string>>;
type Outcome = "saved" | "refused" | "nothing" | null;

const REFUSED = "Not saved: correct the field marked in red, then save again. Nothing in this section was saved; your other edits are kept.";

/**
 * A card of settings with one Save (issue 21): it sends every field that changed in one request
 * (PUT /api/settings). Each value is checked by its own rule, in the browser first and again by
 * the server; one refused value saves none of the section, its message stays beside its field,
 * and every edit stays in its field to correct and save again. 'Unsaved changes' shows beside
 * Save while any field differs from what is saved.
 */
export function SettingsSection({ title, description, fields }: SettingsSectionProps) {
  const id = useId();
  const keys = fields.map((f) => f.key);
  const settings = useSettings(keys);
  const save = useSaveSettings();
  const [drafts, setDrafts] = useState<Partial<Record<SettingKey, string>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputs = useRef(new Map<SettingKey, HTMLInputElement | HTMLTextAreaElement | HTMLButtonElement>());
  const saveButton = useRef<HTMLButtonElement>(null);

  // a switch never saved is in its built-in position; a text field never saved is empty (or shows its builtIn)
  const baseline = (f: SettingFieldSpec) => settings.values[f.key].stored ?? f.builtIn ?? (f.type === "switch" ? settingOrDefault(f.key, null) : "");
  const valueOf = (f: SettingFieldSpec) => drafts[f.key] ?? baseline(f);
  const changed = fields.filter((f) => drafts[f.key] !== undefined && drafts[f.key] !== baseline(f));
  const unsaved = changed.length > 0;

  const report = useContext(UnsavedSectionsContext);
  useEffect(() => report(id, unsaved), [report, id, unsaved]);
  useEffect(() => () => report(id, false), [report, id]);

  function edit(key: SettingKey, value: string) {
    setDrafts((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setOutcome(null);
  }

  function refuse(found: Errors) {
    setErrors(found);
    setOutcome("refused");
    const first = fields.find((f) => found[f.key]);
    if (first) inputs.current.get(first.key)?.focus();
    const named = fields.filter((f) => found[f.key]).map((f) => `${f.label}: ${found[f.key]}`);
    toast.error("Error updating setting", { description: named.join(" · ") });
  }

  async function onSave() {
    // ignored while a save runs. Fields and Save are not disabled meanwhile: disabling the
    // focused one would drop a keyboard user's focus on <body>.
    if (saving) return;
    if (!unsaved) return setOutcome("nothing");
    const values: Partial<Record<SettingKey, string>> = {};
    const found: Errors = {};
    for (const f of changed) {
      const checked = checkSettingValue(f.key, valueOf(f));
      if (checked.ok) values[f.key] = checked.value;
      else found[f.key] = checked.message;
    }
    if (Object.keys(found).length) return refuse(found);
    setSaving(true);
    try {
      await save(values);
      // the fields now show the values as stored (a pasted Spotify link as its player link)
      setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([key]) => !(key in values))));
      setErrors({});
      setOutcome("saved");
      toast.success("Setting updated", { description: changed.map((f) => f.label).join(", ") });
    } catch (err) {
      const byKey = err instanceof ApiError ? err.body?.errors : undefined;
      const refused = byKey ? Object.fromEntries(fields.filter((f) => byKey[f.key]).map((f) => [f.key, byKey[f.key]])) : {};
      if (Object.keys(refused).length) refuse(refused as Errors);
      else {
        setOutcome(null);
        toast.error("Error updating setting", { description: errorMessage(err) });
      }
    } finally {
      setSaving(false);
    }
  }

  function discard() {
    setDrafts({});
    setErrors({});
    setOutcome(null);
    // the Discard button goes away with the edits: keep a keyboard user's place in the section
    saveButton.current?.focus();
  }

  const refusedShown = outcome === "refused" && Object.keys(errors).length > 0;
  const status = saving
    ? "Saving..."
    : refusedShown
      ? REFUSED
      : unsaved
        ? "Unsaved changes"
        : outcome === "saved"
          ? "All changes saved."
          : outcome === "nothing"
            ? "No changes to save."
            : "";

  // fields after a `group` are drawn under its heading, in a fieldset
  const groups: { name?: string; fields: SettingFieldSpec[] }[] = [];
  for (const f of fields) {
    if (f.group !== undefined || !groups.length) groups.push({ name: f.group, fields: [] });
    groups[groups.length - 1].fields.push(f);
  }
  const field = (f: SettingFieldSpec) => (
    <SettingField
      key={f.key}
      spec={f}
      stored={settings.values[f.key].stored}
      value={valueOf(f)}
      edited={changed.includes(f)}
      error={errors[f.key]}
      loading={settings.isLoading}
      saving={saving}
      onChange={(v) => edit(f.key, v)}
      inputRef={(el) => {
        if (el) inputs.current.set(f.key, el);
        else inputs.current.delete(f.key);
      }}
    />
  );

  return (
    <Card>
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <CardHeader>
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {groups.map((g, i) =>
            g.name ? (
              <fieldset key={g.name} className="space-y-5">
                <legend className="mb-3 text-xs font-bold tracking-[0.15em] text-dust uppercase">{g.name}</legend>
                {g.fields.map(field)}
              </fieldset>
            ) : (
              <div key={i} className="space-y-5">
                {g.fields.map(field)}
              </div>
            ),
          )}
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-0 sm:flex-row sm:items-center sm:justify-end sm:gap-3">
          {/* always there (a live region announces what appears in it), taking no room while empty */}
          <p
            role="status"
            className={cn("text-sm sm:mr-auto", status && "mb-3 sm:mb-0", refusedShown ? "text-red-400" : unsaved ? "font-medium text-amber" : "text-dust")}
          >
            {status}
          </p>
          <div className="flex gap-2 sm:shrink-0">
            {unsaved && (
              <Button type="button" variant="ghost" onClick={discard} className="flex-1 whitespace-nowrap sm:flex-none">
                Discard changes
              </Button>
            )}
            <Button ref={saveButton} type="submit" disabled={settings.isLoading} aria-busy={saving || undefined} aria-label={`Save ${title}`} className="flex-1 sm:w-24 sm:flex-none">
              {saving ? "Saving..." : "Save"}
            </Button>
          </div>
        </CardFooter>
      </form>
    </Card>
  );
}
