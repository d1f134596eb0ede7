import { getAuthToken } from "./auth-storage";

/**
 * The request layer of spec section 7: JSON on non-GET only, bearer token when stored,
 * CSRF header once a token is held, cookies always, 10 s timeout, and the section 8 errors.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TIMEOUT_MESSAGE = "Request timeout. The server took too long to respond.";
export const CSRF_MESSAGE = "Security validation failed. Please refresh the page and try again.";

let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

export interface ApiResponse<T = unknown> {
  data: T;
  success: boolean;
  message?: string;
  user?: unknown;
  token?: string;
  csrfToken?: string;
  status: number;
  statusText: string;
  [extra: string]: unknown;
}

/** Thrown for non-OK answers; keeps the status and any per-field errors for forms. */
export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public body?: { message?: string; errors?: Record<string, string> },
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** the server's own message when it sent one */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrfToken) headers["X-CSRF-Token"] = csrfToken;
  return headers;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** sent as `Idempotency-Key`: the server saves a write with the same key once (decision 047) */
  idempotencyKey?: string;
}

export async function apiRequest<T = any>(method: string, url: string, body?: unknown, init: RequestOptions = {}): Promise<ApiResponse<T>> {
  const upper = method.toUpperCase();
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers = authHeaders();
  if (init.idempotencyKey) headers["Idempotency-Key"] = init.idempotencyKey;
  if (upper === "GET") delete headers["X-CSRF-Token"];
  let payload: BodyInit | undefined;
  if (upper !== "GET" && upper !== "HEAD" && body !== undefined) {
    if (isForm) payload = body as FormData;
    else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), init.timeoutMs ?? REQUEST_TIMEOUT_MS);
  init.signal?.addEventListener("abort", () => controller.abort(init.signal?.reason));
  let res: Response;
  try {
    res = await fetch(url, { method: upper, headers, body: payload, credentials: "include", signal: controller.signal });
  } catch (err) {
    if (controller.signal.aborted && !init.signal?.aborted) throw new Error(TIMEOUT_MESSAGE, { cause: err });
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return readResponse<T>(res, url);
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "string");

/** An error answer as ApiError keeps it: all of it, with `message` and `errors` only when they have the expected types. */
function errorBody(json: Record<string, unknown> | undefined): ApiError["body"] {
  if (!json) return undefined;
  return { ...json, message: typeof json.message === "string" ? json.message : undefined, errors: isStringRecord(json.errors) ? json.errors : undefined };
}

async function readResponse<T>(res: Response, url: string): Promise<ApiResponse<T>> {
  const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  if (isJson && text) {
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new Error(`Failed to parse JSON response: ${(err as Error).message}`, { cause: err });
    }
  }
  if (json && typeof json.csrfToken === "string") csrfToken = json.csrfToken;
  if (!res.ok) {
    const message = typeof json?.message === "string" ? json.message : undefined;
    if (res.status === 403 && url.includes("/api/") && message && /csrf/i.test(message)) throw new ApiError(CSRF_MESSAGE, 403, errorBody(json));
    // '<status>: <text>': the server's message when it sent one, else its text, else the status text.
    throw new ApiError(`${res.status}: ${message ?? (text || res.statusText)}`, res.status, errorBody(json));
  }
  if (!json) return { data: null as T, success: true, status: res.status, statusText: res.statusText };
  return {
    ...json,
    data: json.data as T,
    success: json.success as boolean,
    message: json.message as string | undefined,
    user: json.user,
    token: json.token as string | undefined,
    csrfToken: json.csrfToken as string | undefined,
    status: res.status,
    statusText: res.statusText,
  };
}

/** Message for a toast: the server's words when it gave some, else the error's own. */
export function errorMessage(err: unknown, fallback = "An error occurred"): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
