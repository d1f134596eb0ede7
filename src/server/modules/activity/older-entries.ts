import { quoted } from "../../lib/activity-words";

/**
 * Entries written before issue 22 have no `description`: the log then only knew the URL's words
 * (action 'update', resource 'shows', summary 'The Pour House on Dec 5, 2030'). This words them as
 * well as those allow ('changed the show at The Pour House on Dec 5, 2030'), so an old log still
 * reads as sentences beside the new ones.
 */

interface OldEntry {
  action: string;
  resource: string;
  recordId: string | null;
  summary: string | null;
  changes: Record<string, unknown> | null;
}

/** What a person calls one record of each resource the old log used. */
const NOUNS: Record<string, string> = {
  shows: "show",
  merchandise: "merch item",
  videos: "video",
  lyrics: "lyrics",
  "band-members": "band member",
  "audio-tracks": "track",
  settings: "setting",
  users: "admin",
  messages: "message",
  subscribers: "fan",
  newsletter: "newsletter",
  newsletters: "newsletter",
  "newsletter draft": "newsletter draft",
  uploads: "file",
  "band-photo": "band photo",
  "demo-content": "demo content",
};

const PLURALS: Record<string, string> = { shows: "shows", merchandise: "merch", videos: "videos", lyrics: "lyrics", "band-members": "band members", "audio-tracks": "tracks" };

const VERBS: Record<string, string> = {
  create: "added",
  update: "changed",
  delete: "deleted",
  activate: "activated",
  deactivate: "deactivated",
  "mark read": "marked as read",
  send: "sent",
  schedule: "scheduled",
  "send preview": "sent a preview of",
  reactivate: "reactivated",
  cancel: "cancelled",
  import: "imported",
  resume: "resumed",
  discard: "discarded",
};

function target(entry: OldEntry): string {
  const noun = NOUNS[entry.resource] ?? entry.resource.replace(/-/g, " ");
  if (entry.resource === "shows" && entry.summary) return `the show at ${entry.summary}`;
  if (entry.resource === "settings") return entry.recordId ? `the setting ${entry.recordId}` : "the settings";
  if (entry.resource === "band-photo" || entry.resource === "demo-content") return `the ${noun}`;
  if (entry.summary) return `the ${noun} ${quoted(entry.summary)}`;
  if (entry.recordId) return `${noun} #${entry.recordId}`;
  return `a ${noun}`;
}

/** An old entry as a sentence without the person: 'changed the show at The Pour House on Dec 5, 2030'. */
export function describeOlderEntry(entry: OldEntry): string {
  const changes = entry.changes ?? {};
  switch (entry.action) {
    case "login":
      return "signed in";
    case "logout":
      return "signed out";
    case "reset password":
      return "reset their password with a mailed link";
    case "change password":
      return "changed their password";
    case "order":
      return `reordered the ${PLURALS[entry.resource] ?? entry.resource.replace(/-/g, " ")}`;
    case "publish":
      return `${changes.isPublished === false ? "unpublished" : "published"} ${target(entry)}`;
    case "featured":
      return `${changes.isFeatured === false ? "took the star off" : "starred"} ${target(entry)}`;
  }
  if (entry.resource === "uploads") return entry.summary ? `uploaded ${entry.summary}` : "uploaded a file";
  const verb = VERBS[entry.action] ?? entry.action;
  if (entry.resource === "settings" && entry.action === "update" && typeof changes.value === "string") return `changed ${target(entry)} to ${quoted(changes.value)}`;
  return `${verb} ${target(entry)}`;
}
