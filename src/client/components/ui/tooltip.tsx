import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactElement, ReactNode } from "react";

/**
 * Hover/focus hint for an icon button: `<Tooltip content="Edit"><Button size="icon" aria-label="Edit">...</Button></Tooltip>`.
 * Carries its own provider, so no app-level setup is needed. The tooltip is a hint only:
 * the trigger still needs its own aria-label.
 */
export function Tooltip({ content, children, side = "top" }: { content: ReactNode; children: ReactElement; side?: "top" | "right" | "bottom" | "left" }) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={6} className="z-50 rounded-md border border-smoke bg-ash px-2 py-1 text-xs text-bone shadow-lg">
            {content}
            <RadixTooltip.Arrow className="fill-ash" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
