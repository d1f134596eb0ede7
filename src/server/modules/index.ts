import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsModule } from "./settings/routes";
import { subscribersModule } from "./subscribers/routes";
import { contactModule } from "./contact/routes";
import { messagesModule } from "./messages/routes";
import { newsletterModule } from "./newsletter/routes";
import { usersModule } from "./users/routes";
import { uploadsModule } from "../storage/routes";
import { showsPublicRoutes } from "./shows/public-routes";
import { merchandisePublicRoutes } from "./merchandise/public-routes";
import { videosPublicRoutes } from "./videos/public-routes";
import { lyricsPublicRoutes } from "./lyrics/public-routes";
import { bandMembersPublicRoutes } from "./band-members/public-routes";
import { audioTracksPublicRoutes } from "./audio-tracks/public-routes";
import { seoPublicRoutes } from "./seo/public-routes";

/**
 * Each resource contributes public routes (no session) and admin routes. Admin routes are
 * registered inside one scope whose single onRequest guard demands an admin session, so no
 * admin route can forget its check.
 */
export interface ResourceModule {
  name: string;
  publicRoutes?: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
}

// One line per resource; order does not matter.
export const modules: ResourceModule[] = [
  { name: "shows-public", publicRoutes: showsPublicRoutes },
  { name: "merchandise-public", publicRoutes: merchandisePublicRoutes },
  { name: "videos-public", publicRoutes: videosPublicRoutes },
  { name: "lyrics-public", publicRoutes: lyricsPublicRoutes },
  { name: "band-members-public", publicRoutes: bandMembersPublicRoutes },
  { name: "audio-tracks-public", publicRoutes: audioTracksPublicRoutes },
  { name: "seo-public", publicRoutes: seoPublicRoutes },
  settingsModule,
  subscribersModule,
  contactModule,
  messagesModule,
  newsletterModule,
  usersModule,
  uploadsModule,
];
