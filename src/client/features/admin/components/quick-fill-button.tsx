import { Wand2 } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Button } from "@client/components/ui/button";

/**
 * Quick Fill (spec section 9): fills the form with believable sample data. It stays, but looks
 * like what it is, a testing aid (quiet ghost style, dashed border, a small label), so nobody
 * takes it for part of entering a real show or item.
 */
export function QuickFillButton({ onFill }: { onFill: () => void }) {
  const noteId = useId();
  return (
    <div className="flex items-center justify-end gap-2">
      <span id={noteId} className="text-[11px] uppercase tracking-wider text-dust">
        testing aid
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-describedby={noteId}
        className="border border-dashed border-smoke font-medium text-dust hover:text-bone"
        onClick={() => {
          onFill();
          toast.success("Form filled");
        }}
      >
        <Wand2 className="size-4" aria-hidden /> Quick Fill
      </Button>
    </div>
  );
}
