import { SectionHeading } from "../ui/section-heading";
import { StateMessage } from "../ui/state-message";
import { useSetting } from "@client/lib/settings";
import { soundcloudEmbedUrl, spotifyEmbedUrl } from "./embed-url";

export const missingEmbedText = (platform: "SoundCloud" | "Spotify") =>
  `No ${platform} embed URL configured yet. Configure it in the admin settings.`;

/** Only a web address is put in an iframe; anything else saved in settings counts as not configured. */
const webUrl = (value: string) => (/^https?:\/\//i.test(value.trim()) ? value : "");

/** Releases on SoundCloud and Spotify, from the settings (built-in defaults when never set). */
export function MusicSection() {
  const soundcloud = useSetting("soundcloud-url");
  const spotify = useSetting("spotify-url");
  const bandcamp = useSetting("bandcamp-url");
  return (
    <section id="music" aria-labelledby="music-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="music" index="01" title="Music" kicker="Stream it loud">
        {/^https?:\/\//.test(bandcamp.value) && (
          <a href={bandcamp.value} target="_blank" rel="noopener noreferrer" className="border-2 border-bone px-4 py-2 font-display text-lg uppercase transition hover:bg-bone hover:text-ink">
            Buy on Bandcamp
          </a>
        )}
      </SectionHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <EmbedFrame platform="SoundCloud" loading={soundcloud.isLoading} url={webUrl(soundcloud.value) && soundcloudEmbedUrl(soundcloud.value)} height={352} />
        <EmbedFrame platform="Spotify" loading={spotify.isLoading} url={webUrl(spotify.value) && spotifyEmbedUrl(spotify.value)} height={352} />
      </div>
    </section>
  );
}

function EmbedFrame({ platform, url, height, loading }: { platform: "SoundCloud" | "Spotify"; url: string; height: number; loading: boolean }) {
  return (
    <figure className="border border-smoke bg-coal p-2">
      <figcaption className="flex items-center justify-between px-2 pt-1 pb-3 text-xs font-bold tracking-[0.2em] text-dust uppercase">
        <span>{platform}</span>
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-blood" />
      </figcaption>
      {loading ? (
        // no iframe until the setting is known, so a default never flashes before the real one
        <div style={{ height }} className="animate-pulse bg-ash" />
      ) : url ? (
        <div className="relative" style={{ height }}>
          {/* shows until the third-party player paints over it */}
          <span className="absolute inset-0 grid place-items-center bg-ash text-sm text-dust">Loading the {platform} player…</span>
          <iframe title={`${platform} player`} src={url} loading="lazy" height={height} className="relative block w-full border-0" allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" />
        </div>
      ) : (
        <StateMessage className="min-h-40">{missingEmbedText(platform)}</StateMessage>
      )}
    </figure>
  );
}
