import { useId, useState } from "react";
import { toast } from "sonner";
import type { SettingKey } from "@shared/constants";
import { checkSettingValue } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { Button } from "@client/components/ui/button";
import { Input, Textarea } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { useSaveSetting, useSetting } from "@client/lib/settings";

export interface SettingFieldProps {
  settingKey: SettingKey;
  label: string;
  placeholder?: string;
  hint?: string;
  type?: "url" | "text";
  /** values offered as the admin types (a datalist); any other value is still allowed */
  suggestions?: readonly string[];
  /** a text area for a longer text (Enter makes a new line; the button saves) */
  multiline?: boolean;
  /** the built-in value the site uses until one is saved, shown in the field to edit (default: SETTING_DEFAULTS) */
  builtIn?: string;
}

/**
 * One setting with its own Save button (spec section 2). The value is checked by the rule the
 * server applies (issue 13): a bad value is not sent, and its message stays under the field.
 */
export function SettingField({ settingKey, label, placeholder, hint, type = "url", suggestions, multiline = false, builtIn }: SettingFieldProps) {
  const id = useId();
  const setting = useSetting(settingKey);
  const save = useSaveSetting();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const value = draft ?? setting.stored ?? builtIn ?? "";

  function refuse(message: string) {
    setRefusal(message);
    toast.error("Error updating setting", { description: message });
  }

  async function onSave() {
    // ignored while a save runs. The input and button are not disabled meanwhile: disabling the
    // focused one would drop a keyboard user's focus on <body>.
    if (saving) return;
    const checked = checkSettingValue(settingKey, value);
    if (!checked.ok) return refuse(checked.message);
    setSaving(true);
    try {
      await save(settingKey, checked.value);
      setDraft(null);
      setRefusal(null);
      toast.success("Setting updated");
    } catch (err) {
      // a refused value: the rule in words, without the field's name in front
      const refused = err instanceof ApiError ? err.body?.errors?.value : undefined;
      if (refused) refuse(refused);
      else toast.error("Error updating setting", { description: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  const fallback = builtIn ?? SETTING_DEFAULTS[settingKey];
  const note = setting.stored === null && fallback ? "Not set yet: the website uses its built-in default." : hint;
  const describedBy = [refusal && `${id}-error`, note && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const edit = (next: string) => {
    setDraft(next);
    setRefusal(null);
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className={multiline ? "grid gap-2 sm:flex sm:items-start" : "flex gap-2"}>
        {multiline ? (
          <Textarea
            id={id}
            value={value}
            placeholder={placeholder}
            disabled={setting.isLoading}
            readOnly={saving}
            rows={8}
            className="field-sizing-content"
            onChange={(e) => edit(e.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={refusal ? true : undefined}
          />
        ) : (
          <Input
            id={id}
            type={type}
            value={value}
            placeholder={placeholder}
            disabled={setting.isLoading}
            readOnly={saving}
            onChange={(e) => edit(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Enter" && void onSave()}
            aria-describedby={describedBy}
            aria-invalid={refusal ? true : undefined}
            list={suggestions ? `${id}-list` : undefined}
            autoComplete={suggestions ? "off" : undefined}
          />
        )}
        {suggestions && (
          <datalist id={`${id}-list`}>
            {suggestions.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        )}
        <Button onClick={onSave} disabled={setting.isLoading} aria-busy={saving || undefined} aria-label={`Save ${label}`} variant="secondary" className="shrink-0 justify-self-start sm:w-24">
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {refusal}
        </p>
      )}
      {note && (
        <p id={`${id}-hint`} className="text-xs text-dust">
          {note}
        </p>
      )}
    </div>
  );
}
