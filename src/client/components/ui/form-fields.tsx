/**
 * Form fields bound to react-hook-form: label, control, hint and the field's error message,
 * wired with aria-invalid / aria-describedby (through <Field>). A resource form becomes a list:
 *
 *   const form = useForm<ShowInput>({ resolver: zodResolver(showInput), defaultValues });
 *   <TextField control={form.control} name="venue" label="Venue" placeholder="The Pinhook" />
 *   <NumberField control={form.control} name="price" label="Price" step={0.01} min={0} />
 *   <DateField control={form.control} name="date" label="Date" disablePast />
 */
import { useId, useState, type ReactElement, type ReactNode } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { withWebScheme } from "@client/lib/web-url";
import { Checkbox } from "./checkbox";
import { DatePicker } from "./date-picker";
import { Field } from "./field";
import { Input, Textarea } from "./input";
import { Select, type SelectOption } from "./select";
import { Switch } from "./switch";

export interface BaseFieldProps<T extends FieldValues> {
  /** form.control from useForm (any resolver input/output types) */
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** The controller of one field, and a wrapper that puts a control in its labelled <Field>. */
function useBoundField<T extends FieldValues>({ control, name, label, hint, className }: BaseFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const wrap = (input: ReactElement<Record<string, unknown>>) => (
    <Field label={label} hint={hint} error={fieldState.error?.message} className={className}>
      {input}
    </Field>
  );
  return { field, wrap };
}

export function TextField<T extends FieldValues>({
  placeholder,
  type = "text",
  autoComplete,
  tidy = type === "url" ? withWebScheme : undefined,
  ...base
}: BaseFieldProps<T> & {
  placeholder?: string;
  type?: "text" | "email" | "url" | "password" | "tel" | "time";
  autoComplete?: string;
  /** the value as it is kept once the field is left (a link gets its https://, lib/web-url.ts) */
  tidy?: (value: string) => string;
}) {
  const { field, wrap } = useBoundField(base);
  const onBlur = () => {
    const tidied = tidy && typeof field.value === "string" ? tidy(field.value) : field.value;
    if (tidied !== field.value) field.onChange(tidied);
    field.onBlur();
  };
  return wrap(<Input {...field} onBlur={onBlur} value={field.value ?? ""} type={type} placeholder={placeholder} autoComplete={autoComplete} disabled={base.disabled} />);
}

export function TextAreaField<T extends FieldValues>({ placeholder, rows = 4, ...base }: BaseFieldProps<T> & { placeholder?: string; rows?: number }) {
  const { field, wrap } = useBoundField(base);
  return wrap(<Textarea {...field} value={field.value ?? ""} rows={rows} placeholder={placeholder} disabled={base.disabled} />);
}

/** Spec: a blank or non-numeric entry becomes 0. */
export const toNumber = (text: string): number => {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
};

/** Stores a number in the form; blank or non-numeric input is stored as 0 (the text stays as typed). */
export function NumberField<T extends FieldValues>({
  placeholder,
  step,
  min,
  max,
  ...base
}: BaseFieldProps<T> & { placeholder?: string; step?: number; min?: number; max?: number }) {
  const { field, wrap } = useBoundField(base);
  const [text, setText] = useState<string>(field.value == null ? "" : String(field.value));
  // Show what the user typed while it still means the stored value; otherwise the value was
  // set from outside (reset, Quick Fill) and wins.
  const shown = toNumber(text) === Number(field.value ?? 0) ? text : String(field.value ?? "");
  return wrap(
    <Input
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      type="number"
      inputMode="decimal"
      value={shown}
      step={step}
      min={min}
      max={max}
      placeholder={placeholder}
      disabled={base.disabled}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(toNumber(e.target.value));
      }}
    />,
  );
}

export function SelectField<T extends FieldValues>({ placeholder, options, ...base }: BaseFieldProps<T> & { placeholder?: string; options: SelectOption[] }) {
  const { field, wrap } = useBoundField(base);
  return wrap(
    <Select
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      options={options}
      placeholder={placeholder}
      disabled={base.disabled}
    />,
  );
}

export function DateField<T extends FieldValues>({ placeholder, disablePast, ...base }: BaseFieldProps<T> & { placeholder?: string; disablePast?: boolean }) {
  const { field, wrap } = useBoundField(base);
  return wrap(
    <DatePicker ref={field.ref} value={field.value ?? ""} onChange={field.onChange} onBlur={field.onBlur} disablePast={disablePast} placeholder={placeholder} disabled={base.disabled} />,
  );
}

/** A boolean shown as a control with its label beside it (switch or checkbox). */
function InlineBooleanField<T extends FieldValues>({ control, name, label, hint, disabled, className, kind }: BaseFieldProps<T> & { kind: "switch" | "checkbox" }) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = fieldState.error?.message;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const Control = kind === "switch" ? Switch : Checkbox;
  return (
    <div className={className ?? "space-y-1.5"}>
      <Control
        ref={field.ref}
        id={id}
        name={field.name}
        label={label}
        checked={field.value === true}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A field's hint and its error under it, named `${id}-hint` and `${id}-error` for the input's
 * aria-describedby (the error is an alert): for fields built outside TextField and its kin.
 */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-dust">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

export function SwitchField<T extends FieldValues>(props: BaseFieldProps<T>) {
  return <InlineBooleanField {...props} kind="switch" />;
}

export function CheckboxField<T extends FieldValues>(props: BaseFieldProps<T>) {
  return <InlineBooleanField {...props} kind="checkbox" />;
}
