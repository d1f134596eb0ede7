import { toast } from "sonner";
import { subscribersApi } from "@shared/api/subscribers";
import { authHeaders } from "@client/lib/api-client";

/**
 * Downloads the server's streamed CSV (GET /api/subscribers/export) with the admin's token and
 * saves it under the file name the server gives (named after the band).
 */
export async function exportSubscribersCsv(): Promise<void> {
  try {
    const headers = authHeaders();
    delete headers["X-CSRF-Token"];
    const res = await fetch(subscribersApi.exportCsv, { headers, credentials: "include" });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "subscribers.csv";
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast.success("Export successful", { description: `Saved ${name}` });
  } catch (err) {
    toast.error("Error", { description: `Export failed: ${(err as Error).message}` });
  }
}
