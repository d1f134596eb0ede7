import { ApiError, authHeaders, REQUEST_TIMEOUT_MS } from "./api-client";
import type { MediaFile } from "@shared/schemas/uploads";

export interface UploadResult {
  success: boolean;
  ok?: boolean;
  message?: string;
  data: MediaFile;
}

/**
 * Uploads one file as multipart (field `file`), with progress. XHR rather than fetch because
 * fetch cannot report upload progress. Large files get more time than ordinary requests.
 */
export function uploadFile(url: string, file: File, opts: { fields?: Record<string, string>; onProgress?: (fraction: number) => void } = {}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.timeout = Math.max(REQUEST_TIMEOUT_MS, (file.size / (256 * 1024)) * 1000); // allow ~256 KB/s
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: any = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: handled below */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as UploadResult);
      const message = body?.message ?? (xhr.responseText || xhr.statusText);
      reject(new ApiError(`${xhr.status}: ${message}`, xhr.status, body ?? undefined));
    };
    xhr.onerror = () => reject(new Error("Could not reach the server"));
    xhr.ontimeout = () => reject(new Error("Request timeout. The server took too long to respond."));
    xhr.send(form);
  });
}
