import type { AdminRecord } from "@shared/schemas/auth";

/** Storage keys fixed by the spec (section 9). */
export const AUTH_TOKEN_KEY = "auth_token";
export const ADMIN_KEY = "admin";

export const getAuthToken = () => safeGet(AUTH_TOKEN_KEY);
export const setAuthToken = (token: string) => safeSet(AUTH_TOKEN_KEY, token);

export type StoredAdmin = { state: "missing" } | { state: "invalid" } | { state: "ok"; admin: AdminRecord };

/** Reads the stored admin record; unparsable data is reported so the guard can say 'Session Error'. */
export function getStoredAdmin(): StoredAdmin {
  const raw = safeGet(ADMIN_KEY);
  if (!raw) return { state: "missing" };
  try {
    const admin = JSON.parse(raw) as AdminRecord;
    if (!admin || typeof admin !== "object" || typeof admin.username !== "string") return { state: "invalid" };
    return { state: "ok", admin };
  } catch {
    return { state: "invalid" };
  }
}

export function storeLogin(admin: AdminRecord, token: string) {
  safeSet(ADMIN_KEY, JSON.stringify(admin));
  safeSet(AUTH_TOKEN_KEY, token);
}

export function clearAuth() {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    localStorage.removeItem(ADMIN_KEY);
  } catch {
    /* storage may be unavailable (private mode); nothing to clear */
  }
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the cookie session still works */
  }
}
