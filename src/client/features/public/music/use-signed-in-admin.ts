import { useQuery } from "@tanstack/react-query";
import { authApi } from "@shared/api/auth";
import { getStoredAdmin } from "@client/lib/auth-storage";
import { getQueryFn } from "@client/lib/query-client";

/**
 * True only for a browser where an admin is signed in, so the public pages can show a hint meant
 * for the band (e.g. 'Configure it in the admin settings') that fans never see. A fan's browser
 * holds no admin record and sends no request; a stored record is confirmed by the session probe
 * (GET /api/admin/me), so a stale record after the session ended shows nothing either.
 */
export function useSignedInAdmin(): boolean {
  const stored = getStoredAdmin().state === "ok";
  const probe = useQuery({
    queryKey: [authApi.me],
    queryFn: getQueryFn<unknown>({ on401: "returnNull" }),
    enabled: stored,
    retry: false,
  });
  return stored && probe.data != null && !probe.isError;
}
