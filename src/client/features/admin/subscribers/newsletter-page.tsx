import { CalendarClock, Eye, Megaphone, PenLine, Send } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useSearch } from "wouter";
import type { NewsletterTargets as Targets } from "@shared/api/newsletter";
import { formatDate } from "@shared/format";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { regionName, regionOfLocation } from "@shared/regions";
import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { announcementDraft } from "@shared/show-announcement";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { Skeleton } from "@client/components/ui/skeleton";
import { useBandNameQuery } from "@client/lib/band-name";
import { useSetting } from "@client/lib/settings";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useAnnouncedShow, useRecipientCount, useSendNewsletter, type NewsletterSendBody } from "./api";
import { NewsletterPreview } from "./newsletter-preview";
import { NewsletterProgressCard } from "./newsletter-progress";
import { NewsletterStatsCard } from "./newsletter-stats-card";
import { RegionFilter } from "./region-filter";
import { ScheduledList } from "./scheduled-list";
import { ScheduleField, SEND_NOW, scheduledAtOf, type Schedule } from "./schedule-field";
import { SendConfirmDialog, type SendSummary } from "./send-confirm-dialog";

const INTERESTS: [keyof Targets, string][] = [
  ["targetShows", "Shows"],
  ["targetReleases", "Releases"],
  ["targetMerch", "Merch"],
];

/** A draft the composer opens with (from a show's 'Announce'), and what it was made from. */
interface Draft {
  subject: string;
  content: string;
  targets: Targets;
  /** the show's region ('Greenville, NC' -> US-NC); empty: everyone */
  regions: string[];
  note: string;
}

/** The band's time zone setting (canonical IANA name), America/New_York when unset or unknown. */
function useBandTimeZone(): string {
  const { value } = useSetting("timezone");
  return canonicalTimeZone(value) ?? SETTING_DEFAULTS.timezone!;
}

/**
 * /admin/subscribers/newsletter (spec sections 2, 4, 5, 8). With ?announce={showId} (the
 * shows table's 'Announce') it opens with that show's announcement drafted and only the Shows
 * interest selected; the admin edits it and sends as usual.
 */
export default function NewsletterPage() {
  const announce = new URLSearchParams(useSearch()).get("announce");
  if (announce && /^\d{1,9}$/.test(announce)) return <AnnouncedComposer key={announce} showId={announce} />;
  return <Composer />;
}

function AnnouncedComposer({ showId }: { showId: string }) {
  const show = useAnnouncedShow(Number(showId));
  const band = useBandNameQuery();
  if (show.isLoading || band.isLoading) {
    return (
      <div role="status" aria-label="Loading the show" className="space-y-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (!show.data) return <Composer notice="That show could not be loaded, so nothing was drafted." />;
  const { subject, content } = announcementDraft(show.data, band.name);
  const region = regionOfLocation(show.data.location);
  const draft: Draft = {
    subject,
    content,
    targets: { targetShows: true, targetReleases: false, targetMerch: false },
    regions: region ? [region] : [],
    note: `Drafted from the show at ${show.data.venue} on ${formatDate(show.data.date)}. Edit it, then send as usual: only subscribers interested in Shows${region ? ` in ${regionName(region)}` : ""} are selected.`,
  };
  return <Composer draft={draft} />;
}

function Composer({ draft, notice }: { draft?: Draft; notice?: string }) {
  const [tab, setTab] = useState("compose");
  const [previewMode, setPreviewMode] = useState(false);
  const [subject, setSubject] = useState(draft?.subject ?? "");
  const [content, setContent] = useState(draft?.content ?? "");
  const [previewEmail, setPreviewEmail] = useState("");
  const [targets, setTargets] = useState<Targets>(draft?.targets ?? { targetShows: true, targetReleases: true, targetMerch: true });
  const [regions, setRegions] = useState<string[]>(draft?.regions ?? []);
  const [schedule, setSchedule] = useState<Schedule>(SEND_NOW);
  // what the composer started with: leaving with anything else asks first (issue 13)
  const [saved, setSaved] = useState({ subject: draft?.subject ?? "", content: draft?.content ?? "" });
  // the send waiting for 'Send to N fans?' to be confirmed
  const [confirming, setConfirming] = useState<{ body: NewsletterSendBody; summary: SendSummary } | null>(null);
  const timeZone = useBandTimeZone();

  const recipients = useRecipientCount({ ...targets, regions });
  const count = recipients.data?.count ?? 0;
  const anyInterest = targets.targetShows || targets.targetReleases || targets.targetMerch;
  const later = schedule.mode === "later";
  const when = scheduledAtOf(schedule, timeZone);

  const send = useSendNewsletter({
    onSuccess: (vars) => {
      // A real send clears the draft; a preview keeps it (spec section 4).
      if (!vars.previewEmail) {
        setSubject("");
        setContent("");
        setSchedule(SEND_NOW);
        setSaved({ subject: "", content: "" });
      }
    },
  });

  function onTabChange(next: string) {
    setTab(next);
    if (next === "preview") setPreviewMode(true);
    if (next === "send") setPreviewMode(false);
  }

  /** The spec's checks, in its order, each as an error toast. */
  function submit() {
    if (!subject.trim()) return toast.error("Missing subject", { description: "Please enter a subject for your newsletter." });
    if (!content.trim()) return toast.error("Missing content", { description: "Please enter content for your newsletter." });
    if (previewMode && !previewEmail.trim()) return toast.error("Missing email", { description: "Please enter an email address for the preview." });
    if (previewMode) return send.mutate({ subject, content, ...targets, previewEmail: previewEmail.trim() });
    // a scheduled newsletter may match no one yet (fans who join before it starts get it)
    if (later ? !anyInterest : count === 0) return toast.error("No recipients", { description: "There are no subscribers matching the selected interests." });
    if (when.error) return toast.error("Choose a time", { description: when.error });
    const body = { subject, content, ...targets, ...(regions.length ? { regions } : {}), ...(when.iso ? { scheduledAt: when.iso } : {}) };
    // a real send goes out only after 'Send to N fans?' is confirmed
    setConfirming({
      body,
      summary: {
        count,
        waiting: recipients.data?.waiting ?? 0,
        subject,
        interests: INTERESTS.filter(([key]) => targets[key]).map(([, label]) => label),
        regions: regions.map(regionName),
        ...(when.iso ? { scheduledFor: formatScheduledAt(when.iso, timeZone) } : {}),
      },
    });
  }

  function confirmSend() {
    if (!confirming) return;
    send.mutate(confirming.body, { onSettled: () => setConfirming(null) });
  }

  return (
    <div>
      <PageHeader title="Send Newsletter" subtitle="Write to your fans: shows, releases and merch news." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          {(draft || notice) && (
            <p role="status" className="flex items-start gap-2 rounded-md border border-smoke bg-ash/60 px-4 py-3 text-sm">
              <Megaphone className="mt-0.5 size-4 shrink-0 text-blood" aria-hidden />
              {draft?.note ?? notice}
            </p>
          )}
          <Card>
            <CardContent className="pt-5">
              <Tabs value={tab} onValueChange={onTabChange}>
                <TabsList>
                  <TabsTrigger value="compose">
                    <PenLine className="mr-1.5 size-4" aria-hidden /> Compose
                  </TabsTrigger>
                  <TabsTrigger value="preview">
                    <Eye className="mr-1.5 size-4" aria-hidden /> Preview
                  </TabsTrigger>
                  <TabsTrigger value="send">
                    <Send className="mr-1.5 size-4" aria-hidden /> Send
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="compose" className="space-y-5">
                  <Field label="Subject">
                    <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} placeholder="New tour dates announced" />
                  </Field>
                  <Field label="Content" hint="Basic HTML is allowed (paragraphs, bold, italics, links, lists, images). Blank lines start new paragraphs.">
                    <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={14} placeholder="Write your newsletter here..." />
                  </Field>
                </TabsContent>
                <TabsContent value="preview" className="space-y-5">
                  <Field label="Preview Email" hint="Send a test copy to yourself before sending it to everyone.">
                    <Input type="email" value={previewEmail} onChange={(e) => setPreviewEmail(e.target.value)} placeholder="you@example.com" />
                  </Field>
                  <NewsletterPreview subject={subject} content={content} />
                  <Button onClick={submit} disabled={send.isPending}>
                    <Eye className="size-4" aria-hidden /> {send.isPending ? "Sending..." : "Send Preview"}
                  </Button>
                </TabsContent>
                <TabsContent value="send" className="space-y-5">
                  <fieldset className="space-y-3">
                    <legend className="mb-2 text-sm font-medium">Send to subscribers interested in</legend>
                    {INTERESTS.map(([key, label]) => (
                      <Checkbox key={key} label={label} checked={targets[key]} onCheckedChange={(c) => setTargets((t) => ({ ...t, [key]: c === true }))} />
                    ))}
                  </fieldset>
                  <RegionFilter value={regions} onChange={setRegions} />
                  <p className="text-sm" aria-live="polite">
                    <span className="font-semibold tabular-nums">{recipients.isLoading ? "..." : recipients.error ? "?" : count}</span> recipient(s) selected
                    {later && <span className="text-dust"> now; the list is taken again when it starts</span>}
                  </p>
                  {recipients.error && (
                    <p role="alert" className="text-sm text-red-400">
                      Could not count the recipients. Check your connection and try again.
                    </p>
                  )}
                  <ScheduleField value={schedule} onChange={setSchedule} timeZone={timeZone} error={when.error} />
                  {later ? (
                    <Button onClick={submit} disabled={send.isPending || !anyInterest || Boolean(when.error)}>
                      <CalendarClock className="size-4" aria-hidden /> {send.isPending ? "Scheduling..." : "Schedule Newsletter"}
                    </Button>
                  ) : (
                    <Button onClick={submit} disabled={send.isPending || count === 0}>
                      <Send className="size-4" aria-hidden /> {send.isPending ? "Sending..." : "Send to All Selected Recipients"}
                    </Button>
                  )}
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <SendConfirmDialog summary={confirming?.summary ?? null} onCancel={() => setConfirming(null)} onConfirm={confirmSend} pending={send.isPending} />
          <UnsavedChangesPrompt when={subject !== saved.subject || content !== saved.content} />
          <ScheduledList timeZone={timeZone} />
          <NewsletterProgressCard />
        </div>
        <NewsletterStatsCard />
      </div>
    </div>
  );
}

