import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { useBandName } from "@client/lib/band-name";
import { Sidebar } from "./sidebar";

/** Sidebar on wide screens; on a phone a top bar whose menu opens the same sidebar as a drawer. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const bandName = useBandName();
  useEffect(() => setOpen(false), [location]);

  return (
    <div className="min-h-dvh bg-ink lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-smoke bg-coal lg:block">
        <Sidebar />
      </aside>
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-smoke bg-coal/95 px-4 py-3 backdrop-blur lg:hidden">
        <span className="font-display uppercase tracking-wide">{bandName} Admin</span>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="rounded-md p-2 hover:bg-ash" aria-label="Open menu">
            <Menu className="h-5 w-5" aria-hidden="true" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-smoke bg-coal">
              <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
              <Dialog.Description className="sr-only">Navigate the admin area</Dialog.Description>
              <Dialog.Close className="absolute right-3 top-3 rounded-md p-2 hover:bg-ash" aria-label="Close menu">
                <X className="h-5 w-5" aria-hidden="true" />
              </Dialog.Close>
              <Sidebar onNavigate={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>
      <main id="admin-main" className="min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        {children}
      </main>
    </div>
  );
}
