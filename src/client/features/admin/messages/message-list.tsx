import type { Message } from "@shared/schemas/messages";
import { formatDateTime } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { MessageTypeBadge, senderName } from "./message-parts";

/**
 * The inbox rows of one page (loading, error with Try Again, empty, messages); the page owns the
 * search, tabs and selection. `filtered`: a search or a type tab is on (an empty page then means
 * nothing matched, not an empty inbox).
 */
export function MessageList({
  query,
  filtered,
  selectedId,
  onSelect,
}: {
  query: { isLoading: boolean; error: unknown; data?: { rows: Message[] }; refetch: () => unknown };
  filtered: boolean;
  selectedId: number | null;
  onSelect: (m: Message) => void;
}) {
  const visible = query.data?.rows ?? [];
  if (query.isLoading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading messages">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (query.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center text-sm text-red-400">
        <p>Failed to load messages.</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (visible.length === 0) {
    return <p className="p-8 text-center text-sm text-dust">{filtered ? "No messages match." : "No messages yet."}</p>;
  }
  return (
    <ul>
      {visible.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => onSelect(m)}
            aria-current={m.id === selectedId || undefined}
            className={cn("w-full cursor-pointer space-y-1 border-b border-smoke/60 px-4 py-3 text-left transition-colors hover:bg-ash/60", m.id === selectedId && "bg-ash")}
          >
            <span className="flex items-center justify-between gap-2">
              <span className={cn("truncate text-sm", m.isRead ? "text-bone" : "font-semibold text-bone")}>
                {/* The dot is for eyes; screen readers hear the word. */}
                {!m.isRead && (
                  <>
                    <span className="mr-2 inline-block size-2 rounded-full bg-blood align-middle" aria-hidden="true" />
                    <span className="sr-only">Unread: </span>
                  </>
                )}
                {senderName(m)}
              </span>
              <MessageTypeBadge type={m.messageType} />
            </span>
            <span className="block truncate text-xs text-dust">{m.message}</span>
            <span className="block text-xs text-dust/80">{formatDateTime(m.sentAt)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
