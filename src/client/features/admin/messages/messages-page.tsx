import { RefreshCw, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MessageType } from "@shared/categories";
import type { Message, MessageSort } from "@shared/schemas/messages";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { Select } from "@client/components/ui/select";
import { TablePager } from "@client/components/ui/table-pager";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { cn } from "@client/lib/cn";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { useDeleteMessage, useMarkRead, useMessagesPage } from "./api";
import { MessageDetail } from "./message-detail";
import { MessageList } from "./message-list";

export const PAGE_SIZE = 50;
/** how long the search box waits after the last key before asking the server */
export const SEARCH_DEBOUNCE_MS = 300;

const TABS = [
  ["all", "All"],
  ["general", "General"],
  ["booking", "Booking"],
  ["press", "Press"],
] as const;
type Tab = (typeof TABS)[number][0];

/** The inbox's orders, each a sort the server knows; newest first is the spec's. */
const ORDERS: Record<string, { label: string; sort: MessageSort; dir: "asc" | "desc" }> = {
  newest: { label: "Newest first", sort: "sentAt", dir: "desc" },
  oldest: { label: "Oldest first", sort: "sentAt", dir: "asc" },
  unread: { label: "Unread first", sort: "isRead", dir: "asc" },
  sender: { label: "Sender A–Z", sort: "name", dir: "asc" },
};
const ORDER_OPTIONS = Object.entries(ORDERS).map(([value, o]) => ({ value, label: o.label }));

/**
 * /admin/messages (spec section 2): inbox with search and type tabs, and a reading pane. The
 * server searches, filters by type, sorts and pages (issue 13: the inbox can grow past 50).
 */
export default function MessagesPage() {
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<Tab>("all");
  const [order, setOrder] = useState("newest");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { sort, dir } = ORDERS[order];
  const messages = useMessagesPage({ q: q || undefined, type: tab === "all" ? undefined : (tab as MessageType), sort, dir, page, pageSize: PAGE_SIZE });
  const markRead = useMarkRead();
  // The message being read: kept while another page, tab or search is shown (the pane does not empty itself).
  const [selected, setSelected] = useState<Message | null>(null);
  const del = useConfirmDelete<Message>();
  const detailRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const remove = useDeleteMessage({
    onSuccess: (id) => {
      // Removed from the inbox; the selection clears if it was this one.
      setSelected((sel) => (sel?.id === id ? null : sel));
    },
  });

  // A new search starts at the first page (the tabs and the order do it in their handlers).
  useEffect(() => setPage(1), [q]);
  const data = messages.data;
  // the last message of the last page deleted: go to the page that still exists
  const lastPage = data ? Math.max(1, Math.ceil(data.page.total / data.page.pageSize)) : 1;
  useEffect(() => {
    if (data && data.rows.length === 0 && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  // the freshest copy of the selected message (its read flag), from the page when it is on it
  const shown = (selected && data?.rows.find((m) => m.id === selected.id)) || selected;

  function select(m: Message) {
    setSelected(m.isRead ? m : { ...m, isRead: true });
    // On a phone the reading pane is below the list: bring it into view.
    if (window.matchMedia("(max-width: 1023px)").matches) requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
    // Marked read quietly; the dashboard's unread count follows.
    if (!m.isRead) markRead(m);
  }

  return (
    <div>
      <PageHeader title="Messages" subtitle="Messages fans, venues and press sent through the contact form." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="min-w-0">
          {/* Each type tab controls the list below it (a real tab panel for screen readers). */}
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as Tab);
              setPage(1);
            }}
            className="flex flex-col"
          >
            <div className="space-y-3 border-b border-smoke p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">Inbox</h2>
                <Button variant="outline" size="sm" onClick={() => messages.refetch()} disabled={messages.isFetching}>
                  <RefreshCw className={cn("size-4", messages.isFetching && "animate-spin")} aria-hidden /> Refresh
                </Button>
              </div>
              <div className="flex flex-wrap gap-2">
                <div className="relative min-w-48 flex-1">
                  <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-dust" aria-hidden />
                  <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search messages..." aria-label="Search messages" className="pl-9" />
                </div>
                <Select
                  aria-label="Sort messages"
                  className="w-40"
                  options={ORDER_OPTIONS}
                  value={order}
                  onValueChange={(value) => {
                    setOrder(value);
                    setPage(1);
                  }}
                />
              </div>
              <TabsList className="w-full">
                {TABS.map(([value, label]) => (
                  <TabsTrigger key={value} value={value} className="flex-1">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabsContent
              ref={listRef}
              value={tab}
              className={cn("mt-0 h-[50vh] overflow-y-auto", messages.isPlaceholderData && "opacity-70 transition-opacity")}
              aria-busy={messages.isFetching || undefined}
              data-testid="message-list"
            >
              <MessageList query={messages} filtered={Boolean(q) || tab !== "all"} selectedId={shown?.id ?? null} onSelect={select} />
            </TabsContent>
          </Tabs>
          {data && data.page.total > 0 && !messages.error && (
            <div className="border-t border-smoke px-3 pb-3">
              <TablePager page={data.page} onPage={setPage} busy={messages.isFetching} />
            </div>
          )}
        </Card>
        <div ref={detailRef} className="min-w-0 scroll-mt-4">
          <Card className="h-full">
            <MessageDetail message={shown} onDelete={(m) => del.ask(m)} />
          </Card>
        </div>
      </div>
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description="This will permanently delete this message. This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
        // the Delete button the keyboard was on is gone with the message: continue from the inbox
        focusWhenOpenerGone={listRef}
      />
    </div>
  );
}
