import { ExternalLink } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { BandPhotoSection } from "./band-photo-section";
import { SettingField } from "./setting-field";
import { WelcomeMailCard } from "./welcome-mail-card";

// every zone this browser knows, offered as the admin types (the server checks the value)
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

// what fans really see without a player link (issue 13): no instructions, no stock music
const EMPTY_PLAYER_HINT = "Left empty, fans see no player here, only your featured tracks from Audio.";

/** /admin/settings: the band's name, then the two tabs of links (spec section 2), each field saved on its own. */
export default function SettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        subtitle="Manage your website's links and embeds."
        actions={
          <Button variant="outline" asChild>
            <Link href="~/">
              <ExternalLink className="h-4 w-4" aria-hidden="true" /> View Website
            </Link>
          </Button>
        }
      />
      <BandPhotoSection />
      <Card>
        <CardHeader>
          <CardTitle>Band</CardTitle>
          <CardDescription>The band's name is shown in page titles, the admin panel, e-mails and as the default artist of new tracks.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="space-y-5">
            <SettingField settingKey="band-name" label="Band Name" type="text" placeholder="Your band's name" />
            <SettingField
              settingKey="timezone"
              label="Time Zone"
              type="text"
              placeholder="America/New_York"
              hint="Where show times like '8:00 PM' happen: the calendar feed and search results use it. An IANA name, e.g. America/Chicago or Europe/Berlin."
              suggestions={TIME_ZONES}
            />
          </div>
        </CardContent>
      </Card>
      <WelcomeMailCard />
      <Tabs defaultValue="music">
        <TabsList>
          <TabsTrigger value="music">Music Platforms</TabsTrigger>
          <TabsTrigger value="social">Social Media</TabsTrigger>
        </TabsList>
        <TabsContent value="music">
          <Card>
            <CardHeader>
              <CardTitle>Music Platforms</CardTitle>
              <CardDescription>The players of the Music section and your Bandcamp page.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <SettingField
                settingKey="spotify-url"
                label="Spotify Embed URL"
                placeholder="https://open.spotify.com/album/..."
                hint={`Paste a Spotify track, album, playlist or artist link (Share > Copy link) or the embed code; it is saved as the player link. ${EMPTY_PLAYER_HINT}`}
              />
              <SettingField
                settingKey="soundcloud-url"
                label="SoundCloud Embed URL"
                placeholder="https://soundcloud.com/yourband/song"
                hint={`Paste a SoundCloud track or playlist link or the embed code from Share > Embed; it is saved as the player link. ${EMPTY_PLAYER_HINT}`}
              />
              <SettingField settingKey="bandcamp-url" label="Bandcamp URL" placeholder="https://yourband.bandcamp.com" hint="Empty: the Music section shows no Bandcamp button." />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="social">
          <Card>
            <CardHeader>
              <CardTitle>Social Media</CardTitle>
              <CardDescription>Linked from the Social section and the footer.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <SettingField settingKey="instagram-url" label="Instagram URL" placeholder="https://instagram.com/yourband" />
              <SettingField settingKey="facebook-url" label="Facebook URL" placeholder="https://facebook.com/yourband" />
              <SettingField settingKey="twitter-url" label="Twitter URL" placeholder="https://twitter.com/yourband" />
              <SettingField settingKey="youtube-url" label="YouTube URL" placeholder="https://youtube.com/@yourband" />
              <SettingField settingKey="tiktok-url" label="TikTok URL" placeholder="https://www.tiktok.com/@yourband" />
              <SettingField settingKey="threads-url" label="Threads URL" placeholder="https://www.threads.net/@yourband" />
              <SettingField settingKey="bluesky-url" label="Bluesky URL" placeholder="https://bsky.app/profile/yourband.bsky.social" />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
