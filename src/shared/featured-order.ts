/**
 * Which track the public featured player starts with: the featured, active, released tracks, the one
 * updated last first (ties: the higher id). The server's public read orders the same way in SQL
 * (server/services/public-reads/audio-tracks.ts); the admin's audio list marks that track
 * 'Plays first' with this rule.
 */
export function firstFeaturedTrackId(tracks: readonly { id: number; isFeatured: boolean; isActive: boolean; unreleased?: boolean; updatedAt: string | Date }[]): number | null {
  let first: (typeof tracks)[number] | null = null;
  for (const t of tracks) {
    // an unreleased track is never in the player (issue 25): only a private press link streams it
    if (!t.isFeatured || !t.isActive || t.unreleased) continue;
    const at = new Date(t.updatedAt).getTime();
    const best = first ? new Date(first.updatedAt).getTime() : -Infinity;
    if (!first || at > best || (at === best && t.id > first.id)) first = t;
  }
  return first?.id ?? null;
}
