import { toast } from "sonner";
import { authHeaders } from "@client/lib/api-client";

/**
 * Downloads a CSV the server makes for an admin (the subscribers, one show's RSVPs) with the
 * admin's token and saves it under the file name the server gives (`fallbackName` if it gives
 * none); a toast says it was saved or why not.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  try {
    const headers = authHeaders();
    delete headers["X-CSRF-Token"];
    const res = await fetch(url, { headers, credentials: "include" });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    toast.success("Export successful", { description: `Saved ${name}` });
  } catch (err) {
    toast.error("Error", { description: `Export failed: ${(err as Error).message}` });
  }
}
