import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsModule } from "./settings/routes";
import { subscribersModule } from "./subscribers/routes";
import { contactModule } from "./contact/routes";
import { messagesModule } from "./messages/routes";
import { newsletterModule } from "./newsletter/routes";
import { usersModule } from "./users/routes";
import { uploadsModule } from "../storage/routes";
import { showsPublicRoutes } from "./shows/public-routes";
import { showsCalendarRoutes } from "./shows/calendar-routes";
import { merchandisePublicRoutes } from "./merchandise/public-routes";
import { videosPublicRoutes } from "./videos/public-routes";
import { lyricsPublicRoutes } from "./lyrics/public-routes";
import { bandMembersPublicRoutes } from "./band-members/public-routes";
import { audioTracksPublicRoutes } from "./audio-tracks/public-routes";
import { audioTracksAdminRoutes } from "./audio-tracks/admin-routes";
import { bandMembersAdminRoutes } from "./band-members/admin-routes";
import { seoPublicRoutes } from "./seo/public-routes";
import { showsAdminRoutes } from "./shows/admin-routes";
import { merchandiseAdminRoutes } from "./merchandise/admin-routes";
import { videosAdminRoutes } from "./videos/admin-routes";
import { lyricsAdminRoutes } from "./lyrics/admin-routes";
import { dashboardAdminRoutes } from "./dashboard/admin-routes";

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
  { name: "shows-calendar", publicRoutes: showsCalendarRoutes },
  { name: "merchandise-public", publicRoutes: merchandisePublicRoutes },
  { name: "videos-public", publicRoutes: videosPublicRoutes },
  { name: "lyrics-public", publicRoutes: lyricsPublicRoutes },
  { name: "band-members-public", publicRoutes: bandMembersPublicRoutes },
  { name: "audio-tracks-public", publicRoutes: audioTracksPublicRoutes },
  { name: "audio-tracks-admin", adminRoutes: audioTracksAdminRoutes },
  { name: "band-members-admin", adminRoutes: bandMembersAdminRoutes },
  { name: "seo-public", publicRoutes: seoPublicRoutes },
  { name: "shows-admin", adminRoutes: showsAdminRoutes },
  { name: "merchandise-admin", adminRoutes: merchandiseAdminRoutes },
  { name: "videos-admin", adminRoutes: videosAdminRoutes },
  { name: "lyrics-admin", adminRoutes: lyricsAdminRoutes },
  { name: "dashboard-admin", adminRoutes: dashboardAdminRoutes },
  settingsModule,
  subscribersModule,
  contactModule,
  messagesModule,
  newsletterModule,
  usersModule,
  uploadsModule,
];
