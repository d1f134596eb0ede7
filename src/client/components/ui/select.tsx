import { Select as RadixSelect } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { forwardRef } from "react";
import { cn } from "@client/lib/cn";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  options: SelectOption[];
  value?: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  id?: string;
  name?: string;
  onBlur?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}

/**
 * A styled Radix Select from a list of options:
 * `<Select options={[{ value: "apparel", label: "Apparel" }]} value={v} onValueChange={setV} />`.
 * id / aria-* land on the trigger, so it works inside <Field>.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  { options, value, onValueChange, placeholder = "Select...", disabled, className, name, onBlur, ...aria },
  ref,
) {
  return (
    // Always controlled; Radix shows the placeholder for "".
    <RadixSelect.Root value={value ?? ""} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger
        ref={ref}
        onBlur={onBlur}
        {...aria}
        className={cn(
          "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-smoke bg-coal px-3 text-left text-sm text-bone focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber disabled:opacity-50 aria-[invalid=true]:border-red-500 data-[placeholder]:text-dust",
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="h-4 w-4 text-dust" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-smoke bg-coal text-bone shadow-xl"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((opt) => (
              <RadixSelect.Item
                key={opt.value}
                value={opt.value}
                className="relative flex cursor-pointer select-none items-center rounded-sm py-2 pl-8 pr-3 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-ash"
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="h-4 w-4 text-blood" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{opt.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
});
