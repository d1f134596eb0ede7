import { soundCloudEmbedUrl, spotifyEmbedUrl } from "@shared/embed-urls";
import { useSetting } from "@client/lib/settings";
import { usePlayer } from "../player/player-context";
import type { ReactNode } from "react";
import { SectionHeading } from "../ui/section-heading";
import { StateMessage } from "../ui/state-message";
import { EmbedFrame, type Platform } from "./embed-frame";
import { FeaturedTrackList } from "./featured-track-list";
import { useSignedInAdmin } from "./use-signed-in-admin";
import { LatestRelease } from "../releases/latest-release";

/** The spec's text for a player that is not set; shown to a signed-in admin only (issue 13). */
export const missingEmbedText = (platform: Platform) => `No ${platform} embed URL configured yet. Configure it in the admin settings.`;
export const NO_MUSIC_YET = "New music is on the way. Check back soon.";

const PLAYER_HEIGHT = 352;

/**
 * Releases on SoundCloud and Spotify, from the settings. A player that is not set (or holds no
 * link the platform can play) is left out for fans; where neither is set they get the band's
 * own featured tracks, played by the site's player. Only a signed-in admin sees what to set.
 */
export function MusicSection() {
  const soundcloud = useSetting("soundcloud-url");
  const spotify = useSetting("spotify-url");
  const bandcamp = useSetting("bandcamp-url");
  const admin = useSignedInAdmin();
  const { tracks } = usePlayer();
  const loading = soundcloud.isLoading || spotify.isLoading;
  const players = [
    { platform: "SoundCloud" as const, url: soundcloud.value ? soundCloudEmbedUrl(soundcloud.value) : null },
    { platform: "Spotify" as const, url: spotify.value ? spotifyEmbedUrl(spotify.value) : null },
  ];
  const set = players.filter((p) => p.url);
  const unset = players.filter((p) => !p.url);
  return (
    <section id="music" aria-labelledby="music-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="music" index="01" title="Music" kicker="Stream it loud">
        {/^https?:\/\//.test(bandcamp.value) && (
          <a href={bandcamp.value} target="_blank" rel="noopener noreferrer" className="border-2 border-bone px-4 py-2 font-display text-lg uppercase transition hover:bg-bone hover:text-ink">
            Buy on Bandcamp
          </a>
        )}
      </SectionHeading>
      <LatestRelease />
      {loading ? (
        // no iframe until the settings are known, so nothing flashes before the real players
        <div className="grid gap-6 lg:grid-cols-2">
          <div style={{ height: PLAYER_HEIGHT }} className="animate-pulse border border-smoke bg-ash" />
          <div style={{ height: PLAYER_HEIGHT }} className="animate-pulse border border-smoke bg-ash" />
        </div>
      ) : (
        <div className="space-y-6">
          {set.length > 0 && (
            <div className={set.length > 1 ? "grid gap-6 lg:grid-cols-2" : "grid gap-6"}>
              {set.map((p) => (
                <PlayerCard key={p.platform} platform={p.platform}>
                  <EmbedFrame platform={p.platform} url={p.url!} height={PLAYER_HEIGHT} />
                </PlayerCard>
              ))}
            </div>
          )}
          {set.length === 0 && (tracks.length > 0 ? <FeaturedTrackList /> : <StateMessage>{NO_MUSIC_YET}</StateMessage>)}
          {admin && unset.length > 0 && <AdminHint platforms={unset.map((p) => p.platform)} />}
        </div>
      )}
    </section>
  );
}

function PlayerCard({ platform, children }: { platform: Platform; children: ReactNode }) {
  return (
    <figure className="border border-smoke bg-coal p-2">
      <figcaption className="flex items-center justify-between px-2 pt-1 pb-3 text-xs font-bold tracking-[0.2em] text-dust uppercase">
        <span>{platform}</span>
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-blood" />
      </figcaption>
      {children}
    </figure>
  );
}

/** For the band only: which player is missing and where to set it. */
function AdminHint({ platforms }: { platforms: Platform[] }) {
  return (
    <aside aria-label="Note for admins" className="border border-dashed border-smoke px-4 py-3 text-sm text-dust">
      <p className="mb-1 text-xs font-bold tracking-[0.2em] text-(--color-signal) uppercase">Only you see this (signed in as admin)</p>
      {platforms.map((p) => (
        <p key={p}>{missingEmbedText(p)}</p>
      ))}
      <a href="/admin/settings" className="mt-1 inline-block font-semibold text-bone underline underline-offset-4">
        Open the settings
      </a>
    </aside>
  );
}
