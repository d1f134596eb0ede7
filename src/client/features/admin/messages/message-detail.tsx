import { Inbox, Reply, Trash2 } from "lucide-react";
import type { Message } from "@shared/schemas/messages";
import { formatDateTime } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { useBandName } from "@client/lib/band-name";
import { MessageTypeBadge, replyHref, senderName } from "./message-parts";
import { EmailAddress } from "@client/components/ui/email-address";

/** The reading pane: the selected message with Reply (mailto) and Delete, or 'No Message Selected'. */
export function MessageDetail({
  message,
  onDelete,
}: {
  message: Message | null;
  onDelete: (m: Message) => void;
}) {
  const band = useBandName();
  if (!message) {
    return (
      <div className="flex h-full min-h-64 flex-col items-center justify-center gap-2 p-8 text-center">
        <Inbox className="size-10 text-dust" aria-hidden />
        <p className="text-base font-semibold">No Message Selected</p>
        <p className="text-sm text-dust">
          Select a message from the inbox to read it.
        </p>
      </div>
    );
  }
  return (
    <article
      className="flex h-full flex-col"
      aria-label={`Message from ${senderName(message)}`}
    >
      <header className="space-y-2 border-b border-smoke p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold break-words">
            {senderName(message)}
          </h2>
          <MessageTypeBadge type={message.messageType} />
        </div>
        <p className="text-sm">
          <a
            href={`mailto:${message.email}`}
            className="text-dust underline-offset-4 hover:text-bone hover:underline"
          >
            <EmailAddress address={message.email} />
          </a>
        </p>
        <p className="text-xs text-dust">{formatDateTime(message.sentAt)}</p>
      </header>
      <p className="flex-1 p-5 text-sm leading-relaxed break-words whitespace-pre-wrap">
        {message.message}
      </p>
      {/* Reply (a quiet outline) and Delete (red, set apart at the far end) must not look alike */}
      <footer className="flex flex-wrap items-center gap-2 border-t border-smoke p-4">
        <Button variant="outline" asChild>
          <a href={replyHref(message, band)}>
            <Reply className="size-4" aria-hidden /> Reply
          </a>
        </Button>
        <Button
          variant="destructive"
          className="ml-auto"
          onClick={() => onDelete(message)}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </footer>
    </article>
  );
}
