import { Checkbox as RadixCheckbox } from "radix-ui";
import { Check } from "lucide-react";
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { cn } from "@client/lib/cn";

export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<typeof RadixCheckbox.Root>, "children"> {
  label?: ReactNode;
}

/** `<Checkbox checked={v} onCheckedChange={(c) => setV(c === true)} label="Featured" />` */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox({ label, className, id, ...props }, ref) {
  const autoId = useId();
  const boxId = id ?? autoId;
  const control = (
    <RadixCheckbox.Root
      ref={ref}
      id={boxId}
      className={cn(
        "flex h-5 w-5 shrink-0 cursor-pointer items-center justify-center rounded border border-dust bg-coal focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500 data-[state=checked]:border-blood data-[state=checked]:bg-blood",
        className,
      )}
      {...props}
    >
      <RadixCheckbox.Indicator>
        <Check className="h-3.5 w-3.5 text-bone" strokeWidth={3} aria-hidden="true" />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
  if (!label) return control;
  return (
    <div className="flex items-center gap-2">
      {control}
      <label htmlFor={boxId} className="cursor-pointer text-sm font-medium text-bone">
        {label}
      </label>
    </div>
  );
});
