import { Info } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Switch } from "@client/components/ui/switch";
import { Tooltip } from "@client/components/ui/tooltip";
import { useSaveSetting, useSetting } from "@client/lib/settings";

/** 'Show member bios on website': flips at once and saves show-bios as 'true' or 'false'. */
export function BiosSwitch() {
  const setting = useSetting("show-bios");
  const save = useSaveSetting();
  // the flipped value while its save runs; the stored one otherwise
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? setting.value === "true";

  async function flip(next: boolean) {
    // ignored (not disabled) while a save runs: disabling the focused switch would drop focus on <body>
    if (pending !== null) return;
    setPending(next);
    try {
      await save("show-bios", next ? "true" : "false");
      toast.success("Setting updated");
    } catch {
      toast.error("Error", { description: "There was an error updating the bio visibility setting." });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <Switch checked={checked} onCheckedChange={flip} disabled={setting.isLoading} aria-busy={pending !== null || undefined} label="Show member bios on website" />
      <Tooltip content="On: the website shows each member's bio. Off: only names and roles.">
        <button type="button" className="rounded p-1 text-dust hover:text-bone" aria-label="About showing member bios">
          <Info className="h-4 w-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
}
