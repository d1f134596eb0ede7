import { RefreshCw, Search } from "lucide-react";
import { useRef, useState } from "react";
import type { Message } from "@shared/schemas/messages";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { cn } from "@client/lib/cn";
import { useDeleteMessage, useMarkRead, useMessages } from "./api";
import { MessageDetail } from "./message-detail";
import { MessageList } from "./message-list";
import { matchesSearch } from "./message-parts";

const TABS = [
  ["all", "All"],
  ["general", "General"],
  ["booking", "Booking"],
  ["press", "Press"],
] as const;

/** /admin/messages (spec section 2): inbox with search and type tabs, and a reading pane. */
export default function MessagesPage() {
  const messages = useMessages();
  const markRead = useMarkRead();
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState("all");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const del = useConfirmDelete<Message>();
  const detailRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const remove = useDeleteMessage({
    onSuccess: (id) => {
      // Removed from the inbox; the selection clears if it was this one.
      setSelectedId((sel) => (sel === id ? null : sel));
      // The Delete button the keyboard was on is gone with the message: continue from the inbox.
      setTimeout(() => listRef.current?.focus(), 50);
    },
  });

  const visible = (messages.data ?? []).filter((m) => (tab === "all" || m.messageType === tab) && matchesSearch(m, search));
  const selected = messages.data?.find((m) => m.id === selectedId) ?? null;

  function select(m: Message) {
    setSelectedId(m.id);
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
          <Tabs value={tab} onValueChange={setTab} className="flex flex-col">
            <div className="space-y-3 border-b border-smoke p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">Inbox</h2>
                <Button variant="outline" size="sm" onClick={() => messages.refetch()} disabled={messages.isFetching}>
                  <RefreshCw className={cn("size-4", messages.isFetching && "animate-spin")} aria-hidden /> Refresh
                </Button>
              </div>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-dust" aria-hidden />
                <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search messages..." aria-label="Search messages" className="pl-9" />
              </div>
              <TabsList className="w-full">
                {TABS.map(([value, label]) => (
                  <TabsTrigger key={value} value={value} className="flex-1">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabsContent ref={listRef} value={tab} className="mt-0 h-[50vh] overflow-y-auto" data-testid="message-list">
              <MessageList query={messages} visible={visible} selectedId={selectedId} onSelect={select} />
            </TabsContent>
          </Tabs>
        </Card>
        <div ref={detailRef} className="min-w-0 scroll-mt-4">
          <Card className="h-full">
            <MessageDetail message={selected} onDelete={(m) => del.ask(m)} />
          </Card>
        </div>
      </div>
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description="This will permanently delete this message. This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
