import { Bell, ExternalLink } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { PageHeader } from "@client/components/ui/page-header";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { BandPhotoSection } from "./band-photo-section";
import { SettingsSection, UnsavedSectionsContext } from "./settings-section";
import { SiteWordsSection } from "./site-words-section";
import { MailingListSection } from "./mailing-list-section";

// every zone this browser knows, offered as the admin types (the server checks the value)
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

// what fans really see without a player link (issue 13): no instructions, no stock music
const EMPTY_PLAYER_HINT = "Left empty, fans see no player here, only your featured tracks from Audio.";

/**
 * /admin/settings: sections of settings, each saved at once with its own Save (issue 21; the
 * spec's Music Platforms and Social Media tabs are two of them). Leaving with edits not saved asks first.
 */
export default function SettingsPage() {
  const [unsaved, setUnsaved] = useState<Record<string, boolean>>({});
  const report = useCallback((section: string, value: boolean) => setUnsaved((u) => (!!u[section] === value ? u : { ...u, [section]: value })), []);
  return (
    <UnsavedSectionsContext.Provider value={report}>
      <div className="space-y-6">
        <PageHeader
          title="Settings"
          subtitle="Your band's name, the words on your website, its links and the mailing list. Each section saves with its own button."
          actions={
            <>
              <Button variant="outline" asChild>
                <Link href="/settings/notifications">
                  <Bell className="h-4 w-4" aria-hidden="true" /> Notifications
                </Link>
              </Button>
              <Button variant="outline" asChild>
                <Link href="~/">
                  <ExternalLink className="h-4 w-4" aria-hidden="true" /> View Website
                </Link>
              </Button>
            </>
          }
        />
        <BandPhotoSection />
        <SettingsSection
          title="Band"
          description="The band's name is shown in page titles, the admin panel, e-mails and as the default artist of new tracks."
          fields={[
            { key: "band-name", label: "Band Name", type: "text", placeholder: "Your band's name" },
            {
              key: "timezone",
              label: "Time Zone",
              type: "text",
              placeholder: "America/New_York",
              hint: "Where show times like '8:00 PM' happen: the calendar feed and search results use it. An IANA name, e.g. America/Chicago or Europe/Berlin.",
              suggestions: TIME_ZONES,
            },
          ]}
        />
        <SiteWordsSection />
        <SettingsSection
          title="Music Platforms"
          description="The players of the Music section and your Bandcamp page."
          fields={[
            {
              key: "spotify-url",
              label: "Spotify Embed URL",
              placeholder: "https://open.spotify.com/album/...",
              hint: `Paste a Spotify track, album, playlist or artist link (Share > Copy link) or the embed code; it is saved as the player link. ${EMPTY_PLAYER_HINT}`,
            },
            {
              key: "soundcloud-url",
              label: "SoundCloud Embed URL",
              placeholder: "https://soundcloud.com/yourband/song",
              hint: `Paste a SoundCloud track or playlist link or the embed code from Share > Embed; it is saved as the player link. ${EMPTY_PLAYER_HINT}`,
            },
            { key: "bandcamp-url", label: "Bandcamp URL", placeholder: "https://yourband.bandcamp.com", hint: "Empty: the Music section shows no Bandcamp button." },
          ]}
        />
        <SettingsSection
          title="Social Media"
          description="Linked from the Social section and the footer. Empty: no link."
          fields={[
            { key: "instagram-url", label: "Instagram URL", placeholder: "https://instagram.com/yourband" },
            { key: "facebook-url", label: "Facebook URL", placeholder: "https://facebook.com/yourband" },
            { key: "twitter-url", label: "Twitter URL", placeholder: "https://twitter.com/yourband" },
            { key: "youtube-url", label: "YouTube URL", placeholder: "https://youtube.com/@yourband" },
            { key: "tiktok-url", label: "TikTok URL", placeholder: "https://www.tiktok.com/@yourband" },
            { key: "threads-url", label: "Threads URL", placeholder: "https://www.threads.net/@yourband" },
            { key: "bluesky-url", label: "Bluesky URL", placeholder: "https://bsky.app/profile/yourband.bsky.social" },
          ]}
        />
        <MailingListSection />
        <UnsavedChangesPrompt when={Object.values(unsaved).some(Boolean)} />
      </div>
    </UnsavedSectionsContext.Provider>
  );
}
