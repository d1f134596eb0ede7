import { useId } from "react";
import type { SettingKey } from "@shared/constants";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { Button } from "@client/components/ui/button";
import { Input, Textarea } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Switch } from "@client/components/ui/switch";
import { cn } from "@client/lib/cn";

/** One setting of a Settings section: what it is and how it is asked for. */
export interface SettingFieldSpec {
  key: SettingKey;
  label: string;
  placeholder?: string;
  hint?: string;
  /** "switch": on or off, saved as 'true' or 'false' (never saved: the setting's built-in default) */
  type?: "url" | "text" | "switch";
  /** values offered as the admin types (a datalist); any other value is still allowed */
  suggestions?: readonly string[];
  /** a text area: "long" for a mail's body (Enter makes a new line), "short" for a sentence or two */
  multiline?: "long" | "short";
  /** the built-in value the site uses until one is saved, shown in the field to edit */
  builtIn?: string;
  /** offers 'Original text' to put the built-in text back (for texts a band may clear to hide) */
  restorable?: boolean;
  /** a heading over this field and the ones after it, within the section */
  group?: string;
}

interface SettingFieldProps {
  spec: SettingFieldSpec;
  /** what the admin saved (null: never saved) */
  stored: string | null;
  value: string;
  edited: boolean;
  error?: string;
  loading: boolean;
  saving: boolean;
  onChange: (value: string) => void;
  inputRef?: (el: HTMLInputElement | HTMLTextAreaElement | HTMLButtonElement | null) => void;
}

/**
 * One field of a Settings section (issue 21): the section's Save sends it with the others that
 * changed. Its own rule's message (the server's, checked in the browser first) stays beside it
 * until it is edited; an edit not saved yet is marked 'Edited'.
 */
export function SettingField({ spec, stored, value, edited, error, loading, saving, onChange, inputRef }: SettingFieldProps) {
  const id = useId();
  const { label, placeholder, hint, type = "url", suggestions, multiline, builtIn, restorable } = spec;
  const fallback = builtIn ?? SETTING_DEFAULTS[spec.key];
  // (the words on the site say it once, in their section's description)
  const notSet = stored === null && fallback && !restorable && type !== "switch" ? (builtIn !== undefined ? "The built-in text, used until you save your own." : "Not set yet: the website uses its built-in default.") : null;
  const canRestore = restorable && builtIn !== undefined && value !== builtIn;
  const note = [notSet, hint].filter(Boolean).join(" ") || null;
  const describedBy = [error && `${id}-error`, note && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    value,
    placeholder,
    // not disabled while saving: disabling the focused field would drop a keyboard user's focus on <body>
    disabled: loading,
    readOnly: saving,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
  } as const;
  const messages = (
    <>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      {note && (
        <p id={`${id}-hint`} className="text-xs text-dust">
          {note}
        </p>
      )}
    </>
  );
  if (type === "switch") {
    return (
      <div className="space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2">
          <Switch
            id={id}
            ref={inputRef as (el: HTMLButtonElement | null) => void}
            checked={value === "true"}
            // not disabled while saving: disabling the focused switch would drop a keyboard user's focus on <body>
            disabled={loading}
            onCheckedChange={(on) => !saving && onChange(on ? "true" : "false")}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            label={label}
          />
          {edited && <span className="text-xs font-medium text-amber">Edited</span>}
        </div>
        {messages}
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      <div className={cn("flex flex-wrap items-center gap-x-2", restorable && "min-h-7")}>
        <Label htmlFor={id}>{label}</Label>
        {edited && <span className="text-xs font-medium text-amber">Edited</span>}
        {canRestore && (
          <Button type="button" variant="ghost" size="sm" className="ml-auto h-7 px-2 text-xs" aria-label={`Original text for ${label}`} onClick={() => onChange(builtIn)}>
            Original text
          </Button>
        )}
      </div>
      {multiline ? (
        <Textarea
          {...common}
          ref={inputRef}
          rows={multiline === "long" ? 8 : 2}
          className={multiline === "long" ? "field-sizing-content" : "min-h-16 field-sizing-content"}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <Input
          {...common}
          ref={inputRef}
          type={type}
          list={suggestions ? `${id}-list` : undefined}
          autoComplete={suggestions ? "off" : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {suggestions && (
        <datalist id={`${id}-list`}>
          {suggestions.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
      {messages}
    </div>
  );
}
