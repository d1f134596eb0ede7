import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { useLocation, useSearch } from "wouter";
import { authApi } from "@shared/api/auth";
import { ADMIN_REFRESH_MS } from "@shared/constants";
import type { AdminRecord } from "@shared/schemas/auth";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { clearAuth, getAuthToken, getStoredAdmin, setAuthToken } from "@client/lib/auth-storage";
import { PageLoading } from "@client/components/page-loading";
import { loginPathFor } from "./next-path";

type GuardState = { status: "checking" } | { status: "ok"; admin: AdminRecord } | { status: "denied" };

async function refreshToken(): Promise<boolean> {
  try {
    const res = await apiRequest("POST", authApi.refresh);
    if (res.success && res.token) {
      setAuthToken(res.token);
      return true;
    }
  } catch {
    /* fall through: the session is gone */
  }
  return false;
}

/** Spec section 4's guard: stored record and token, then the server's word, then a refresh. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const [state, setState] = useState<GuardState>({ status: "checking" });

  useEffect(() => {
    let cancelled = false;
    const deny = (title: string, description: string) => {
      if (cancelled) return;
      clearAuth();
      queryClient.clear();
      toast.error(title, { description });
      setState({ status: "denied" });
      // back to the page asked for once signed in (issue 13)
      navigate(`~${loginPathFor(`/admin${location === "/" ? "" : location}${search ? `?${search}` : ""}`)}`, { replace: true });
    };
    (async () => {
      const stored = getStoredAdmin();
      if (stored.state === "invalid") return deny("Session Error", "Your stored session could not be read. Please log in again.");
      if (stored.state === "missing" || !getAuthToken()) return deny("Access Denied", "Please log in to access the admin area");
      try {
        await apiRequest("GET", authApi.me);
      } catch (err) {
        if (cancelled) return;
        // Only a refusal means the session is gone. A network failure or an aborted request
        // (the page being left mid-check) must not trigger a refresh: the refresh rotates the
        // token, and a rotated token the page never stored would log the user out.
        if (err instanceof ApiError && err.status === 401 && !(await refreshToken())) {
          return deny("Session Expired", "Your session has expired. Please log in again.");
        }
      }
      if (!cancelled) setState({ status: "ok", admin: stored.admin });
    })();
    return () => {
      cancelled = true;
    };
    // Checked once when the admin area opens; the refresh timer keeps it alive afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state.status !== "ok") return;
    const timer = setInterval(() => void refreshToken(), ADMIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [state.status]);

  // The dashboard also demands the stored isAdmin flag.
  const isDashboard = location === "/" || location === "";
  useEffect(() => {
    if (state.status === "ok" && isDashboard && !state.admin.isAdmin) {
      toast.error("Access denied", { description: "Admin privileges required" });
      clearAuth();
      navigate("~/admin/login", { replace: true });
    }
  }, [state, isDashboard, navigate]);

  if (state.status !== "ok") return <PageLoading />;
  return <>{children}</>;
}
