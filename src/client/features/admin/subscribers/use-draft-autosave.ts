import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { newsletterApi, type NewsletterDraft } from "@shared/api/newsletter";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { saveDraft, saveDraftOnLeave, type DraftFields } from "./api";

/** How long the composer waits after the last keystroke before it saves. */
export const AUTOSAVE_MS = 1000;

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  /** the server could not be reached or refused: the text is kept on this device, the next edit tries again */
  | { kind: "failed"; message: string }
  /** someone saved a newer version meanwhile: nothing is saved until the admin chooses */
  | { kind: "conflict"; message: string }
  /** the draft was sent, scheduled or discarded elsewhere */
  | { kind: "gone"; message: string };

const keyOf = (f: DraftFields) => JSON.stringify([f.subject, f.content, f.targetShows, f.targetReleases, f.targetMerch, f.regions, f.scheduledAt]);
const isBlank = (f: DraftFields) => !f.subject.trim() && !f.content.trim();

/**
 * A copy of what could not be saved, on this device (localStorage), so a failed save loses
 * nothing even across a reload. One copy: the composer's latest.
 */
const BACKUP_KEY = "band-site:newsletter-draft-backup";
export interface DraftBackup {
  draftId: number | null;
  fields: DraftFields;
  at: string;
}

export function readBackup(): DraftBackup | null {
  try {
    const raw = window.localStorage.getItem(BACKUP_KEY);
    const parsed = raw ? (JSON.parse(raw) as DraftBackup) : null;
    return parsed && typeof parsed.fields?.subject === "string" && typeof parsed.fields?.content === "string" ? parsed : null;
  } catch {
    return null;
  }
}

function writeBackup(draftId: number | null, fields: DraftFields) {
  try {
    window.localStorage.setItem(BACKUP_KEY, JSON.stringify({ draftId, fields, at: new Date().toISOString() } satisfies DraftBackup));
  } catch {
    // (storage full or blocked: the text is still on screen)
  }
}

export function clearBackup() {
  try {
    window.localStorage.removeItem(BACKUP_KEY);
  } catch {
    // nothing to clear
  }
}

/** True when the backup holds something other than `fields` (what the composer opened with). */
export const backupDiffers = (backup: DraftBackup, fields: DraftFields) => keyOf(backup.fields) !== keyOf(fields);

interface Options {
  /** the draft the composer opened (none: a new one is made at the first save) */
  draft: NewsletterDraft | null;
  /** what the composer holds now */
  fields: DraftFields;
  /** what counts as saved already: the opened draft, or what a new composer started with */
  baseline: DraftFields;
  /** false: nothing is saved (a scheduled newsletter being edited is saved by hand) */
  enabled: boolean;
  /** a new draft was made: its id (the page puts it in the URL, so a reload opens it) */
  onCreated: (id: number) => void;
}

/**
 * Issue 21: the newsletter composer saves itself as a draft on the server, a second after the
 * last change, and once more when it goes away (another page of the back office, another draft,
 * the tab closed). A blank new composer is not saved. One save at a time: changes made during a
 * save are saved after it. A failed save keeps the text here and on this device; a save the
 * server refuses because someone saved a newer version (409) or because the draft is gone (404)
 * stops the autosave until the admin chooses what to do (keepMine, saveAsNew, or reload theirs).
 */
export function useDraftAutosave({ draft, fields, baseline, enabled, onCreated }: Options) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(draft ? { kind: "saved", at: draft.updatedAt } : { kind: "idle" });
  const [savedKey, setSavedKey] = useState(() => keyOf(baseline));
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const idRef = useRef<number | null>(draft?.id ?? null);
  const revisionRef = useRef<number | undefined>(draft?.revision);
  const fieldsRef = useRef(fields);
  const savedKeyRef = useRef(savedKey);
  const statusRef = useRef(status);
  const inFlight = useRef<Promise<void> | null>(null);
  /** after a send, a schedule or a discard: nothing more is saved, not even on the way out */
  const done = useRef(!enabled);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    fieldsRef.current = fields;
    savedKeyRef.current = savedKey;
    statusRef.current = status;
    onCreatedRef.current = onCreated;
  });

  const key = keyOf(fields);
  const dirty = enabled && key !== savedKey;
  const blocked = status.kind === "conflict" || status.kind === "gone";
  const worthSaving = draftId !== null || !isBlank(fields);

  const save = useCallback(
    (opts: { overwrite?: boolean; asNew?: boolean } = {}): Promise<void> => {
      if (inFlight.current || done.current) return inFlight.current ?? Promise.resolve();
      if (opts.asNew) {
        idRef.current = null;
        revisionRef.current = undefined;
      }
      const snapshot = fieldsRef.current;
      const id = idRef.current;
      setStatus({ kind: "saving" });
      const run = (async () => {
        try {
          const saved = await saveDraft(id, snapshot, opts.overwrite ? undefined : revisionRef.current);
          idRef.current = saved.id;
          revisionRef.current = saved.revision;
          setDraftId(saved.id);
          setSavedKey(keyOf(snapshot));
          setStatus({ kind: "saved", at: saved.updatedAt });
          clearBackup();
          void queryClient.invalidateQueries({ queryKey: [newsletterApi.drafts] });
          if (id === null) onCreatedRef.current(saved.id);
        } catch (err) {
          writeBackup(id, snapshot);
          const message = errorMessage(err, "The server could not be reached.");
          if (err instanceof ApiError && err.status === 409 && id !== null) setStatus({ kind: "conflict", message });
          else if (err instanceof ApiError && err.status === 404 && id !== null) setStatus({ kind: "gone", message });
          else setStatus({ kind: "failed", message });
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = run;
      return run;
    },
    [queryClient],
  );

  // the autosave: a second after the last change (a save under way finishes first; its end re-runs this)
  useEffect(() => {
    if (!dirty || blocked || !worthSaving || done.current) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [key, savedKey, dirty, blocked, worthSaving, save]);

  // going away with changes not saved yet: one last save, and a copy on this device
  useEffect(() => {
    const unsaved = () => {
      if (done.current || statusRef.current.kind === "conflict" || statusRef.current.kind === "gone") return null;
      const now = fieldsRef.current;
      if (keyOf(now) === savedKeyRef.current || (idRef.current === null && isBlank(now))) return null;
      return now;
    };
    const onPageHide = () => {
      const now = unsaved();
      if (!now) return;
      writeBackup(idRef.current, now);
      saveDraftOnLeave(idRef.current, now, revisionRef.current);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      // unmounted: another page of the back office, or another draft opened here
      const now = unsaved();
      if (!now) return;
      writeBackup(idRef.current, now);
      const id = idRef.current;
      void saveDraft(id, now, revisionRef.current)
        .then(() => {
          clearBackup();
          return queryClient.invalidateQueries({ queryKey: [newsletterApi.drafts] });
        })
        .catch(() => {});
    };
  }, [queryClient]);

  /** Waits for a save under way, and returns the draft's id (null: never saved), e.g. to send it. */
  const settle = useCallback(async () => {
    await inFlight.current;
    return idRef.current;
  }, []);

  /** The draft was sent, scheduled or discarded: nothing more is saved. */
  const forget = useCallback(() => {
    done.current = true;
    clearBackup();
  }, []);

  return {
    status,
    draftId,
    /** changes not on the server (yet) */
    dirty,
    /** changes the server did not take: leaving should ask first */
    unsafe: dirty && (status.kind === "failed" || status.kind === "conflict" || status.kind === "gone"),
    retry: () => void save(),
    /** after a 409: save over the newer version */
    keepMine: () => void save({ overwrite: true }),
    /** after a 404: the text becomes a new draft */
    saveAsNew: () => void save({ asNew: true }),
    settle,
    forget,
  };
}
