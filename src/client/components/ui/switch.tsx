import { Switch as RadixSwitch } from "radix-ui";
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { cn } from "@client/lib/cn";

export interface SwitchProps extends Omit<ComponentPropsWithoutRef<typeof RadixSwitch.Root>, "children"> {
  /** optional visible label placed to the right, clickable */
  label?: ReactNode;
}

/**
 * On/off toggle (Radix Switch, role=switch). `<Switch checked={v} onCheckedChange={setV} label="Active" />`.
 * Without a label, give it an aria-label (e.g. in a table row).
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ label, className, id, ...props }, ref) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const control = (
    <RadixSwitch.Root
      ref={ref}
      id={switchId}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-smoke transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-blood",
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-bone shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  );
  if (!label) return control;
  return (
    <div className="flex items-center gap-3">
      {control}
      <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-bone">
        {label}
      </label>
    </div>
  );
});
