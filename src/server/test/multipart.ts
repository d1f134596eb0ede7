/** One file as a multipart/form-data body, the way a browser's upload form sends it (for `t.request`). */
export function multipartFile(data: Buffer | string, options: { name: string; type?: string; field?: string }) {
  const boundary = "----bandsite" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.name}"\r\nContent-Type: ${options.type ?? "application/octet-stream"}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(data) ? data : Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
