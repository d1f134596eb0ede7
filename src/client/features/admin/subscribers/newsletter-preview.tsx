import { useNewsletterRender } from "./api";

/**
 * The content as subscribers will see it: the server's sanitized HTML, shown in a sandboxed
 * frame (no scripts, no same-origin access), never injected into the admin page itself.
 */
export function NewsletterPreview({ subject, content }: { subject: string; content: string }) {
  const rendered = useNewsletterRender(content);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;color:#111;background:#fff;margin:16px;line-height:1.5}img{max-width:100%}</style></head><body>${rendered.data?.html ?? ""}</body></html>`;
  return (
    <div className="overflow-hidden rounded-md border border-smoke">
      <div className="border-b border-smoke bg-ash px-4 py-2 text-sm">
        <span className="text-dust">Subject: </span>
        <span className="font-semibold">{subject.trim() || <span className="text-dust italic">No subject yet</span>}</span>
      </div>
      {content.trim() ? (
        <iframe title="Newsletter preview" sandbox="" srcDoc={doc} className="h-72 w-full bg-white" />
      ) : (
        <p className="px-4 py-10 text-center text-sm text-dust">Write some content on the Compose tab to preview it.</p>
      )}
    </div>
  );
}
