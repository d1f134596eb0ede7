import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink, KeyRound, LogOut } from "lucide-react";
import { toast } from "sonner";
import { Link, useLocation } from "wouter";
import { authApi } from "@shared/api/auth";
import { apiRequest } from "@client/lib/api-client";
import { clearAuth, getStoredAdmin } from "@client/lib/auth-storage";
import { useBandName } from "@client/lib/band-name";
import { cn } from "@client/lib/cn";
import { navItems } from "./nav-items";

function isActive(location: string, href: string) {
  if (href === "/") return location === "/" || location === "";
  return location === href || location.startsWith(`${href}/`);
}

export function useLogout() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiRequest("POST", authApi.logout);
    } catch {
      toast.error("You've been logged out, but there was a server communication error.");
    }
    clearAuth();
    queryClient.clear();
    navigate("~/admin/login");
  };
}

/** The admin navigation; the same list serves the desktop rail and the phone drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const bandName = useBandName();
  const logout = useLogout();
  const stored = getStoredAdmin();
  return (
    <nav aria-label="Admin" className="flex h-full flex-col gap-1 p-3">
      <div className="mb-4 px-3 pt-2">
        <p className="font-display text-lg uppercase leading-tight tracking-wide">{bandName}</p>
        <p className="text-xs text-dust">Admin Panel</p>
        {stored.state === "ok" && (
          <p className="mt-3 text-sm">
            <span className="block truncate text-bone" title={stored.admin.username}>
              {stored.admin.username}
            </span>
            <Link
              href="/account"
              onClick={onNavigate}
              aria-current={location === "/account" ? "page" : undefined}
              className="inline-flex items-center gap-1.5 py-1 text-xs text-dust underline-offset-4 hover:text-bone hover:underline"
            >
              <KeyRound className="h-3.5 w-3.5" aria-hidden="true" /> Change my password
            </Link>
          </p>
        )}
      </div>
      <ul className="flex flex-1 flex-col gap-0.5">
        {navItems.map(({ label, href, icon: Icon }) => {
          const active = isActive(location, href);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors",
                  active ? "bg-blood/15 font-semibold text-bone" : "text-dust hover:bg-ash hover:text-bone",
                )}
              >
                <Icon className={cn("h-4 w-4", active && "text-blood")} aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-1 border-t border-smoke pt-3">
        <a href="/" target="_blank" rel="noopener" className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-dust hover:bg-ash hover:text-bone">
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> Visit Website
        </a>
        <button type="button" onClick={logout} className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-dust hover:bg-ash hover:text-bone">
          <LogOut className="h-4 w-4" aria-hidden="true" /> Exit Admin
        </button>
      </div>
    </nav>
  );
}
