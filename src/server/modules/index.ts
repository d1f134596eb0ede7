import { activityModule } from "./activity";
import { audioTracksModule } from "./audio-tracks";
import { authModule } from "./auth";
import { bandMembersModule } from "./band-members";
import { bandPhotoModule } from "./band-photo";
import { contactModule } from "./contact";
import { dashboardModule } from "./dashboard";
import { demoContentModule } from "./demo-content";
import { lyricsModule } from "./lyrics";
import { merchandiseModule } from "./merchandise";
import { messagesModule } from "./messages";
import { newsletterModule } from "./newsletter";
import { presaleModule } from "./presale";
import { pressModule } from "./press";
import { placesModule } from "./places";
import type { ResourceModule } from "./resource-module";
import { releasesModule } from "./releases";
import { rsvpsModule } from "./rsvps";
import { seoModule } from "./seo";
import { settingsModule } from "./settings";
import { setupModule } from "./setup";
import { showsModule } from "./shows";
import { statsModule } from "./stats";
import { subscribersModule } from "./subscribers";
import { uploadsModule } from "./uploads";
import { usersModule } from "./users";
import { videosModule } from "./videos";
import { webhooksModule } from "./webhooks";

export type { ResourceModule } from "./resource-module";

/** Every resource, one line each (order does not matter); buildApp mounts their routes. */
export const modules: ResourceModule[] = [
  activityModule,
  audioTracksModule,
  authModule,
  bandMembersModule,
  bandPhotoModule,
  contactModule,
  dashboardModule,
  demoContentModule,
  lyricsModule,
  merchandiseModule,
  messagesModule,
  newsletterModule,
  presaleModule,
  pressModule,
  releasesModule,
  rsvpsModule,
  placesModule,
  seoModule,
  settingsModule,
  setupModule,
  showsModule,
  statsModule,
  subscribersModule,
  uploadsModule,
  usersModule,
  videosModule,
  webhooksModule,
];
