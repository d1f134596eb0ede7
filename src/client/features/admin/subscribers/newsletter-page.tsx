import { CalendarClock, Eye, Megaphone, PenLine, Save, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useLocation, useSearch } from "wouter";
import type { NewsletterDetails, NewsletterDraft, NewsletterTargets as Targets } from "@shared/api/newsletter";
import { formatDate } from "@shared/format";
import { formatScheduledAt, zonedDateTimeToIso, zonedParts } from "@shared/newsletter-schedule";
import { regionName, regionOfLocation } from "@shared/regions";
import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { aheadInBandTime, announcementDraft } from "@shared/show-announcement";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { Field } from "@client/components/ui/field";
import { FOCUS_RING } from "@client/components/ui/focus-ring";
import { Input, Textarea } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { useBandNameQuery } from "@client/lib/band-name";
import { useSetting } from "@client/lib/settings";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { NEAR_OFF, NearShowFilter, nearOf, type NearChoice } from "./near-show-filter";
import { saveDraft, useAnnouncedShow, useDraft, useDrafts, useEditScheduledNewsletter, useNewsletterDetails, useRecipientCount, useSendNewsletter, type DraftFields, type NewsletterSendBody } from "./api";
import { DiscardDraftDialog, DraftsList } from "./drafts-list";
import { NewsletterPreview } from "./newsletter-preview";
import { NewsletterProgressCard } from "./newsletter-progress";
import { NewsletterStatsCard } from "./newsletter-stats-card";
import { RegionFilter } from "./region-filter";
import { ScheduledList } from "./scheduled-list";
import { ScheduleField, SEND_NOW, scheduledAtOf, type Schedule } from "./schedule-field";
import { SendConfirmDialog, type SendSummary } from "./send-confirm-dialog";
import { backupDiffers, readBackup, useDraftAutosave, type SaveStatus } from "./use-draft-autosave";

const INTERESTS: [keyof Targets, string][] = [
  ["targetShows", "Shows"],
  ["targetReleases", "Releases"],
  ["targetMerch", "Merch"],
];
const ALL_INTERESTS: Targets = { targetShows: true, targetReleases: true, targetMerch: true };

/** What the composer holds. */
interface ComposerFields {
  subject: string;
  content: string;
  targets: Targets;
  /** region codes; empty: everyone */
  regions: string[];
  schedule: Schedule;
  /** fans near a show (issue 24) */
  near?: NearChoice;
}

const EMPTY: ComposerFields = { subject: "", content: "", targets: ALL_INTERESTS, regions: [], schedule: SEND_NOW };

/** The composer as a draft keeps it: the schedule as an instant (null: send now, or no time chosen yet). */
function draftFieldsOf(f: ComposerFields, timeZone: string): DraftFields {
  const scheduledAt = f.schedule.mode === "later" ? zonedDateTimeToIso(f.schedule.date, f.schedule.time, timeZone) : null;
  return { subject: f.subject, content: f.content, ...f.targets, regions: f.regions, scheduledAt, near: nearOf(f.near ?? NEAR_OFF) };
}

function composerFieldsOf(d: Omit<DraftFields, "near"> & { scheduledAt: string | null; near?: { showId: number; miles: number } | null }, timeZone: string): ComposerFields {
  return {
    subject: d.subject,
    content: d.content,
    targets: { targetShows: d.targetShows, targetReleases: d.targetReleases, targetMerch: d.targetMerch },
    regions: [...d.regions],
    schedule: d.scheduledAt ? { mode: "later", ...zonedParts(new Date(d.scheduledAt), timeZone) } : SEND_NOW,
    near: d.near ? { on: true, showId: d.near.showId, miles: d.near.miles } : NEAR_OFF,
  };
}

/** The band's time zone setting (canonical IANA name), America/New_York when unset or unknown. */
function useBandTimeZone(): { timeZone: string; isLoading: boolean } {
  const { value, isLoading } = useSetting("timezone");
  return { timeZone: canonicalTimeZone(value) ?? SETTING_DEFAULTS.timezone!, isLoading };
}

/** What the composer opens: from the URL (?announce=, ?draft=, ?edit=), so a reload opens it again. */
type Source = { kind: "new" } | { kind: "announce"; showId: number } | { kind: "draft"; id: number } | { kind: "edit"; id: number };

function sourceOf(search: string): Source {
  const q = new URLSearchParams(search);
  const id = (name: string) => {
    const v = q.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const edit = id("edit");
  const draft = id("draft");
  const announce = id("announce");
  if (edit !== null) return { kind: "edit", id: edit };
  if (draft !== null) return { kind: "draft", id: draft };
  if (announce !== null) return { kind: "announce", showId: announce };
  return { kind: "new" };
}
const keyOfSource = (s: Source) => (s.kind === "new" ? "new" : `${s.kind}-${s.kind === "announce" ? s.showId : s.id}`);

/** What the composer can ask of the page. */
interface PageActions {
  /** the autosave made a new draft: it goes into the URL without opening the composer anew */
  adopt: (id: number) => void;
  /** sent, scheduled, discarded or saved: a fresh, empty composer */
  finish: () => void;
  /** open the draft again as the server has it now */
  reload: () => void;
  openDraft: (id: number, replace?: boolean) => void;
  editScheduled: (id: number) => void;
}

/**
 * /admin/subscribers/newsletter (spec sections 2, 4, 5, 8). With ?announce={showId} (the
 * shows table's 'Announce') it opens with that show's announcement drafted and only the Shows
 * interest selected. What is written is saved as a draft on the server as the band types (issue
 * 21): ?draft={id} opens one (a new draft's id is put there, so a reload opens it again), and
 * ?edit={id} opens a scheduled newsletter to change it until it starts.
 */
export default function NewsletterPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { timeZone, isLoading: zoneLoading } = useBandTimeZone();
  // a draft the open composer made itself keeps that composer (its key and source) when its id enters the URL
  const [adopted, setAdopted] = useState<{ id: number; key: string; source: Source } | null>(null);
  const [generation, setGeneration] = useState(0);
  const fromUrl = sourceOf(search);
  const own = fromUrl.kind === "draft" && adopted?.id === fromUrl.id ? adopted : null;
  const source = own?.source ?? fromUrl;
  const baseKey = own?.key ?? keyOfSource(fromUrl);

  const actions: PageActions = {
    adopt: (id) => {
      setAdopted({ id, key: baseKey, source });
      navigate(`${location}?draft=${id}`, { replace: true });
    },
    finish: () => {
      setAdopted(null);
      setGeneration((g) => g + 1);
      navigate(location, { replace: true });
    },
    reload: () => {
      setAdopted(null);
      setGeneration((g) => g + 1);
    },
    openDraft: (id, replace) => navigate(`${location}?draft=${id}`, { replace }),
    editScheduled: (id) => {
      navigate(`${location}?edit=${id}`);
      if (typeof window.scrollTo === "function" && !/jsdom/i.test(navigator.userAgent)) window.scrollTo({ top: 0, behavior: "smooth" });
    },
  };

  const currentDraftId = fromUrl.kind === "draft" ? fromUrl.id : null;
  return (
    <div>
      <PageHeader title="Send Newsletter" subtitle="Write to your fans: shows, releases and merch news." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <ComposerFor key={`${baseKey}-${generation}`} source={source} timeZone={timeZone} zoneLoading={zoneLoading} actions={actions} />
          <DraftsList currentId={currentDraftId} onOpen={(id) => actions.openDraft(id)} />
          <ScheduledList timeZone={timeZone} editingId={fromUrl.kind === "edit" ? fromUrl.id : null} onEdit={actions.editScheduled} />
          <NewsletterProgressCard />
        </div>
        <NewsletterStatsCard />
      </div>
    </div>
  );
}

interface LoaderProps {
  timeZone: string;
  zoneLoading: boolean;
  actions: PageActions;
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function ComposerFor({ source, ...props }: LoaderProps & { source: Source }) {
  if (source.kind === "announce") return <AnnouncedComposer showId={source.showId} {...props} />;
  if (source.kind === "draft") return <DraftComposer id={source.id} {...props} />;
  if (source.kind === "edit") return <ScheduledEditor id={source.id} {...props} />;
  return <Composer restore {...props} />;
}

function AnnouncedComposer({ showId, ...props }: LoaderProps & { showId: number }) {
  const show = useAnnouncedShow(showId);
  const band = useBandNameQuery();
  const timeZone = useSetting("timezone").value || "America/New_York";
  if (show.isLoading || band.isLoading) return <Loading label="Loading the show" />;
  if (!show.data) return <Composer notice="That show could not be loaded, so nothing was drafted." {...props} />;
  const onSaleAt = show.data.onSaleAt ? new Date(show.data.onSaleAt) : null;
  const { subject, content } = announcementDraft(show.data, band.name, aheadInBandTime(onSaleAt, timeZone));
  const region = regionOfLocation(show.data.location);
  // the show's fans nearby are offered (off: the region stays today's choice) when the show is placed
  const start: ComposerFields = { ...EMPTY, subject, content, targets: { targetShows: true, targetReleases: false, targetMerch: false }, regions: region ? [region] : [], near: { ...NEAR_OFF, showId: show.data.lat !== null ? showId : null } };
  const note = `Drafted from the show at ${show.data.venue} on ${formatDate(show.data.date)}. Edit it, then send as usual: only subscribers interested in Shows${region ? ` in ${regionName(region)}` : ""} are selected.`;
  return <Composer start={start} note={note} {...props} />;
}

/** ?draft={id}: the draft as the server has it (and this device's copy of what it could not save, if any). */
function DraftComposer({ id, ...props }: LoaderProps & { id: number }) {
  const draft = useDraft(id);
  // read anew each time it opens ('Load theirs' opens it again): never an older copy from the cache
  if (draft.isLoading || !draft.isFetchedAfterMount || props.zoneLoading) return <Loading label="Loading the draft" />;
  if (!draft.data) {
    const gone = draft.error instanceof ApiError && draft.error.status === 404;
    return <Composer notice={gone ? "That draft is no longer there: it was sent, scheduled or discarded, perhaps on another screen." : `That draft could not be loaded: ${errorMessage(draft.error)}`} {...props} />;
  }
  return <Composer draft={draft.data} start={composerFieldsOf(draft.data, props.timeZone)} restore {...props} />;
}

/** ?edit={id}: a scheduled newsletter, changed until it starts. */
function ScheduledEditor({ id, ...props }: LoaderProps & { id: number }) {
  const n = useNewsletterDetails(id);
  if (n.isLoading || !n.isFetchedAfterMount || props.zoneLoading) return <Loading label="Loading the scheduled newsletter" />;
  if (!n.data) return <Composer notice={`That newsletter could not be loaded: ${errorMessage(n.error)}`} {...props} />;
  if (n.data.status !== "scheduled") {
    const why = n.data.status === "cancelled" ? "was cancelled" : "has already started sending";
    return <Composer notice={`'${n.data.subject}' ${why}, so it can no longer be changed.`} {...props} />;
  }
  const start = composerFieldsOf({ ...n.data, scheduledAt: n.data.scheduledAt ?? null }, props.timeZone);
  return <Composer editing={n.data} start={start} {...props} />;
}

interface ComposerProps extends LoaderProps {
  start?: ComposerFields;
  /** how an announcement was drafted */
  note?: string;
  notice?: string;
  /** the draft this composer continues */
  draft?: NewsletterDraft;
  /** the scheduled newsletter this composer changes (saved by hand, never as a draft) */
  editing?: NewsletterDetails;
  /** restore this device's copy of text that could not be saved (a new composer, or the same draft) */
  restore?: boolean;
}

function Composer({ start = EMPTY, note, notice, draft, editing, restore, timeZone, actions }: ComposerProps) {
  // what it opens with: the start, or this device's copy of what a failed save left behind
  const [opened] = useState(() => {
    if (restore) {
      const backup = readBackup();
      if (backup && backup.draftId === (draft?.id ?? null) && backupDiffers(backup, draftFieldsOf(start, timeZone))) {
        return { fields: composerFieldsOf(backup.fields, timeZone), restoredAt: backup.at };
      }
    }
    return { fields: start, restoredAt: null };
  });
  const [tab, setTab] = useState("compose");
  const [previewMode, setPreviewMode] = useState(false);
  const [subject, setSubject] = useState(opened.fields.subject);
  const [content, setContent] = useState(opened.fields.content);
  const [previewEmail, setPreviewEmail] = useState("");
  const [targets, setTargets] = useState<Targets>(opened.fields.targets);
  const [regions, setRegions] = useState<string[]>(opened.fields.regions);
  const [schedule, setSchedule] = useState<Schedule>(opened.fields.schedule);
  const [nearChoice, setNearChoice] = useState<NearChoice>(opened.fields.near ?? NEAR_OFF);
  const near = nearOf(nearChoice);
  // the send waiting for 'Send to N fans?' to be confirmed
  const [confirming, setConfirming] = useState<{ body: NewsletterSendBody; summary: SendSummary } | null>(null);
  const [discarding, setDiscarding] = useState(false);
  // an edit refused because the newsletter started meanwhile: its words can still become a draft
  const [editRefused, setEditRefused] = useState<string | null>(null);

  const fields = draftFieldsOf({ subject, content, targets, regions, schedule, near: nearChoice }, timeZone);
  const autosave = useDraftAutosave({ draft: draft ?? null, fields, baseline: draftFieldsOf(start, timeZone), enabled: !editing, onCreated: actions.adopt });
  const editDirty = Boolean(editing) && JSON.stringify(fields) !== JSON.stringify(draftFieldsOf(start, timeZone));

  const recipients = useRecipientCount({ ...targets, regions, near });
  const count = recipients.data?.count ?? 0;
  const anyInterest = targets.targetShows || targets.targetReleases || targets.targetMerch;
  const later = schedule.mode === "later";
  const when = scheduledAtOf(schedule, timeZone);

  const send = useSendNewsletter({
    onSuccess: (vars) => {
      // A real send clears the composer and uses up its draft; a preview keeps it (spec section 4).
      if (!vars.previewEmail) {
        autosave.forget();
        actions.finish();
      }
    },
  });
  const edit = useEditScheduledNewsletter({
    onSuccess: () => actions.finish(),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setEditRefused(err.serverMessage ?? err.message);
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
    if (editing) {
      if (!anyInterest) return toast.error("No recipients", { description: "Choose at least one interest to send to." });
      if (!when.iso) return toast.error("Choose a time", { description: when.error ?? "Choose a date and a time." });
      return edit.mutate({ id: editing.id, body: { subject, content, ...targets, regions, ...(near ? { near } : {}), scheduledAt: when.iso } });
    }
    // a scheduled newsletter may match no one yet (fans who join before it starts get it)
    if (later ? !anyInterest : count === 0) return toast.error("No recipients", { description: "There are no subscribers matching the selected interests." });
    if (when.error) return toast.error("Choose a time", { description: when.error });
    const body = { subject, content, ...targets, ...(regions.length ? { regions } : {}), ...(near ? { near } : {}), ...(when.iso ? { scheduledAt: when.iso } : {}) };
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

  async function confirmSend() {
    if (!confirming) return;
    // the draft it was written in goes with it (a save under way finishes first), to be discarded once sent
    const draftId = await autosave.settle();
    send.mutate({ ...confirming.body, ...(draftId !== null ? { draftId } : {}) }, { onSettled: () => setConfirming(null) });
  }

  async function keepAsDraft() {
    try {
      const saved = await saveDraft(null, fields);
      actions.openDraft(saved.id, true);
    } catch (err) {
      toast.error("Error", { description: errorMessage(err) });
    }
  }

  const drafts = useDrafts();
  const waiting = (drafts.data ?? []).filter((d) => d.id !== autosave.draftId).length;

  return (
    <>
      {editing && <EditingBanner editing={editing} timeZone={timeZone} refused={editRefused} onStop={actions.finish} onKeepAsDraft={keepAsDraft} />}
      {(note || notice || opened.restoredAt) && (
        <p role="status" className="flex items-start gap-2 rounded-md border border-smoke bg-ash/60 px-4 py-3 text-sm">
          <Megaphone className="mt-0.5 size-4 shrink-0 text-blood" aria-hidden />
          {opened.restoredAt ? "Restored what this device could not save to the server yet. It is saved again now." : (note ?? notice)}
        </p>
      )}
      {!editing && !draft && waiting > 0 && (
        <p className="text-sm text-dust">
          {waiting === 1 ? "The band has a draft waiting" : `The band has ${waiting} drafts waiting`}:{" "}
          <a href="#newsletter-drafts" className="text-bone underline underline-offset-4 hover:text-blood">
            see Drafts
          </a>
          .
        </p>
      )}
      <Card>
        <CardContent className="pt-5">
          {!editing && (
            <DraftStatusLine
              autosave={autosave}
              onDiscard={() => setDiscarding(true)}
              onLoadTheirs={() => {
                // their version replaces this screen's text, and this device's copy of it
                autosave.forget();
                actions.reload();
              }}
            />
          )}
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
              <NearShowFilter value={nearChoice} onChange={setNearChoice} />
              <p className="text-sm" aria-live="polite">
                <span className="font-semibold tabular-nums">{recipients.isLoading ? "..." : recipients.error ? "?" : count}</span> recipient(s) selected
                {later && <span className="text-dust"> now; the list is taken again when it starts</span>}
              </p>
              {recipients.error && (
                <p role="alert" className="text-sm text-red-400">
                  Could not count the recipients. Check your connection and try again.
                </p>
              )}
              <ScheduleField value={schedule} onChange={setSchedule} timeZone={timeZone} error={when.error} laterOnly={Boolean(editing)} />
              {editing ? (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button onClick={submit} disabled={edit.isPending || !anyInterest || Boolean(when.error)}>
                    <Save className="size-4" aria-hidden /> {edit.isPending ? "Saving..." : "Save Changes"}
                  </Button>
                  <Button variant="outline" onClick={actions.finish} disabled={edit.isPending}>
                    Stop editing
                  </Button>
                </div>
              ) : later ? (
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
      <SendConfirmDialog summary={confirming?.summary ?? null} onCancel={() => setConfirming(null)} onConfirm={() => void confirmSend()} pending={send.isPending} />
      <DiscardDraftDialog
        draft={discarding && autosave.draftId !== null ? { id: autosave.draftId, subject } : null}
        onClose={() => setDiscarding(false)}
        onDiscarded={() => {
          autosave.forget();
          actions.finish();
        }}
      />
      <UnsavedChangesPrompt when={editing ? editDirty && !edit.isSuccess : autosave.unsafe} />
    </>
  );
}

/** The draft's state, quietly: saved, saving, or what went wrong and what can be done about it. */
function DraftStatusLine({ autosave, onDiscard, onLoadTheirs }: { autosave: ReturnType<typeof useDraftAutosave>; onDiscard: () => void; onLoadTheirs: () => void }) {
  const { status, draftId } = autosave;
  const problem = status.kind === "failed" || status.kind === "conflict" || status.kind === "gone";
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs">
      <div role={problem ? "alert" : "status"} aria-live={problem ? "assertive" : "polite"} className={problem ? "flex flex-wrap items-center gap-2 text-red-400" : "text-dust"}>
        <StatusText status={status} dirty={autosave.dirty} />
        {status.kind === "failed" && (
          <Button variant="outline" size="sm" onClick={autosave.retry}>
            Try again
          </Button>
        )}
        {status.kind === "conflict" && (
          <>
            <Button variant="outline" size="sm" onClick={autosave.keepMine}>
              Keep mine
            </Button>
            <Button variant="outline" size="sm" onClick={onLoadTheirs}>
              Load theirs
            </Button>
          </>
        )}
        {status.kind === "gone" && (
          <Button variant="outline" size="sm" onClick={autosave.saveAsNew}>
            Save as a new draft
          </Button>
        )}
      </div>
      {draftId !== null && (
        <Button variant="ghost" size="sm" onClick={onDiscard}>
          Discard draft
        </Button>
      )}
    </div>
  );
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function StatusText({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  const time = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  switch (status.kind) {
    case "idle":
      return <span>Drafts are saved as you write.</span>;
    case "saving":
      return <span>Saving draft...</span>;
    case "saved":
      return <span>{dirty ? "Draft saved (saving your latest changes shortly)" : `Draft saved · ${time(status.at)}`}</span>;
    case "failed":
      return <span>Could not save the draft: {sentence(status.message)} Your text is kept on this device.</span>;
    case "conflict":
    case "gone":
      return <span>{sentence(status.message)} Your text is still here.</span>;
  }
}

/** Above the composer while a scheduled newsletter is being changed. */
function EditingBanner({ editing, timeZone, refused, onStop, onKeepAsDraft }: { editing: NewsletterDetails; timeZone: string; refused: string | null; onStop: () => void; onKeepAsDraft: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // opened from the Scheduled list further down: the banner takes focus, so keyboards and screen readers land here
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-2 rounded-md border border-amber/60 bg-ash/60 px-4 py-3 text-sm outline-none">
      <h2 className="flex items-center gap-2 font-semibold text-bone">
        <CalendarClock className="size-4 shrink-0 text-amber" aria-hidden /> Editing a scheduled newsletter
      </h2>
      <p className="text-dust">
        &apos;{editing.subject}&apos; goes out {editing.scheduledAt ? formatScheduledAt(editing.scheduledAt, timeZone) : "at its time"}. Nothing changes until you press Save Changes on the Send tab; once sending
        starts, it can no longer be changed.
      </p>
      {refused && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-red-400">
          {refused} Your changes are still here.
          <Button variant="outline" size="sm" onClick={onKeepAsDraft}>
            Keep them as a draft
          </Button>
        </div>
      )}
      <button type="button" onClick={onStop} className={`cursor-pointer rounded-sm text-sm font-semibold text-blood underline-offset-4 hover:underline ${FOCUS_RING}`}>
        Stop editing
      </button>
    </div>
  );
}
