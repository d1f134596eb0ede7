import { useId, useState } from "react";
import type { AdminRelease } from "@shared/api/releases";
import { RELEASE_TYPE_LABELS, releaseMoment, SERVICE_LABELS } from "@shared/release-services";
import { Button } from "@client/components/ui/button";
import { Input, Textarea } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { usePageOrigin } from "@client/lib/page-day";
import { useSetting } from "@client/lib/settings";
import { useScheduleReleaseNewsletter } from "./api";

/**
 * On a release's page (issue 25): a newsletter to the fans who want news of releases, scheduled
 * for the release's own minute through the newsletter's route (scheduled newsletters are listed,
 * edited and cancelled on the Newsletter page). Only for a published release still to come.
 */
export function ReleaseNewsletter({ release }: { release: AdminRelease }) {
  const id = useId();
  const timeZone = useSetting("timezone").value;
  const origin = usePageOrigin() ?? (typeof location !== "undefined" ? location.origin : "");
  const kind = RELEASE_TYPE_LABELS[release.type];
  const [subject, setSubject] = useState(`Out now: ${release.title}`);
  const [content, setContent] = useState(
    [`Our new ${kind === "EP" ? kind : kind.toLowerCase()} "${release.title}" is out now.`, "", ...release.links.map((l) => `${SERVICE_LABELS[l.service]}: ${l.url}`), "", `Everything about it: ${origin}/releases/${release.slug}`].join("\n"),
  );
  const [done, setDone] = useState(false);
  const schedule = useScheduleReleaseNewsletter({ onSuccess: () => setDone(true) });
  const upcoming = new Date(release.releaseAt).getTime() > Date.now();
  if (!release.published || !upcoming) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 space-y-3 border-t border-smoke pt-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">Release-day newsletter</h2>
      <p className="text-sm text-dust">Goes to every confirmed fan who wants news of releases at {releaseMoment(release.releaseAt, timeZone)}, the minute the page shows the links.</p>
      {done ? (
        <p role="status" className="text-sm text-emerald-300">Scheduled. You can change or cancel it on the Newsletter page until it goes out.</p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            schedule.mutate({ subject, content, scheduledAt: new Date(release.releaseAt).toISOString() });
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-content`}>Message</Label>
            <Textarea id={`${id}-content`} value={content} onChange={(e) => setContent(e.target.value)} rows={7} />
          </div>
          <Button type="submit" disabled={schedule.isPending || !subject.trim() || !content.trim()}>
            {schedule.isPending ? "Scheduling..." : "Schedule for the release time"}
          </Button>
        </form>
      )}
    </section>
  );
}
