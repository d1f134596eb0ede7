import { Tabs as RadixTabs } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { cn } from "@client/lib/cn";

/**
 * Styled Radix Tabs (arrow keys move between tabs):
 * <Tabs defaultValue="all"><TabsList><TabsTrigger value="all">All</TabsTrigger></TabsList>
 *   <TabsContent value="all">...</TabsContent></Tabs>
 */
export const Tabs = RadixTabs.Root;

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.List>>(function TabsList({ className, ...props }, ref) {
  return <RadixTabs.List ref={ref} className={cn("inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-md bg-ash p-1", className)} {...props} />;
});

export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof RadixTabs.Trigger>>(function TabsTrigger({ className, ...props }, ref) {
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={cn(
        "inline-flex h-8 cursor-pointer items-center whitespace-nowrap rounded px-3 text-sm font-medium text-dust transition-colors hover:text-bone disabled:opacity-50 data-[state=active]:bg-coal data-[state=active]:text-bone data-[state=active]:shadow",
        className,
      )}
      {...props}
    />
  );
});

export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.Content>>(function TabsContent({ className, ...props }, ref) {
  return <RadixTabs.Content ref={ref} className={cn("mt-4 focus-visible:outline-none", className)} {...props} />;
});
