import { useId, useState } from "react";
import { toast } from "sonner";
import type { SettingKey } from "@shared/constants";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
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
}

/** One setting with its own Save button (spec section 2). Values are not validated (spec section 5). */
export function SettingField({ settingKey, label, placeholder, hint, type = "url", suggestions }: SettingFieldProps) {
  const id = useId();
  const setting = useSetting(settingKey);
  const save = useSaveSetting();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const stored = setting.stored ?? "";
  const value = draft ?? stored;

  async function onSave() {
    // ignored while a save runs. The input and button are not disabled meanwhile: disabling the
    // focused one would drop a keyboard user's focus on <body>.
    if (saving) return;
    setSaving(true);
    try {
      await save(settingKey, value.trim());
      setDraft(null);
      toast.success("Setting updated");
    } catch (err) {
      // a refused value: the rule in words, without the field's name in front
      const refused = err instanceof ApiError ? err.body?.errors?.value : undefined;
      toast.error("Error updating setting", { description: refused || errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  const fallback = SETTING_DEFAULTS[settingKey];
  const note = setting.stored === null && fallback ? "Not set yet: the website uses its built-in default." : hint;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          disabled={setting.isLoading}
          readOnly={saving}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && void onSave()}
          aria-describedby={note ? `${id}-hint` : undefined}
          list={suggestions ? `${id}-list` : undefined}
          autoComplete={suggestions ? "off" : undefined}
        />
        {suggestions && (
          <datalist id={`${id}-list`}>
            {suggestions.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        )}
        <Button onClick={onSave} disabled={setting.isLoading} aria-busy={saving || undefined} aria-label={`Save ${label}`} variant="secondary" className="shrink-0 sm:w-24">
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
      {note && (
        <p id={`${id}-hint`} className="text-xs text-dust">
          {note}
        </p>
      )}
    </div>
  );
}
