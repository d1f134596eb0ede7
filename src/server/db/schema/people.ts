import { sql } from "drizzle-orm";
import type { MessageType } from "@shared/categories";
import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // 'Admin' and 'admin' are one name: uniqueness and login ignore case.
  (t) => [uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`)],
);

// Tokens are stored as SHA-256 hashes; the raw token only ever lives in the client.
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: serial("id").primaryKey(),
    name: text("name"),
    email: text("email").notNull(),
    showsInterest: boolean("shows_interest").notNull().default(false),
    releasesInterest: boolean("releases_interest").notNull().default(false),
    merchInterest: boolean("merch_interest").notNull().default(false),
    // hashed single-purpose tokens
    verificationToken: text("verification_token"),
    unsubscribeToken: text("unsubscribe_token"),
    isVerified: boolean("is_verified").notNull().default(false),
    isSubscribed: boolean("is_subscribed").notNull().default(true),
    verificationSentAt: timestamp("verification_sent_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    // consent record
    subscribeIp: text("subscribe_ip"),
    verifyIp: text("verify_ip"),
    // 'form' (the public subscribe form), 'import' (CSV, confirmed by mail) or 'import-opted-in'
    // (CSV, the admin in consented_by vouched that these people already opted in, at subscribed_at)
    consentSource: text("consent_source").notNull().default("form"),
    consentedBy: text("consented_by"),
    // where a fan signed up through the form (issue 23): the page's path, and the source of that
    // visit by name as the stats name it (modules/stats/sources.ts); null for imports and earlier fans
    signupPage: text("signup_page"),
    signupSource: text("signup_source"),
    // a US state (ISO 3166-2, 'US-NC') or a country (ISO 3166-1 alpha-2, 'DE'); see shared/regions.ts
    region: text("region"),
    // 'Your city or ZIP' as typed (issue 24), and its point from the gazetteer (null: not placed)
    place: text("place"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    // a permanent SMTP refusal of this address: later newsletters skip it until an admin reactivates it
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    bounceReason: text("bounce_reason"),
    // hashed token of the preferences link in the latest welcome mail (newsletter mails carry their own)
    preferencesToken: text("preferences_token"),
    // set when the verification of the current consent sent its welcome mail: never twice
    welcomeSentAt: timestamp("welcome_sent_at", { withTimezone: true }),
    // an imported fan still owed a verification mail (sent by the import mailer, a batch at a time)
    verificationMailDue: boolean("verification_mail_due").notNull().default(false),
  },
  (t) => [
    uniqueIndex("subscribers_email_unique").on(t.email),
    uniqueIndex("subscribers_preferences_token_unique").on(t.preferencesToken),
    index("subscribers_subscribed_at_idx").on(t.subscribedAt, t.id),
    index("subscribers_region_idx").on(t.region),
    // fans near a show: the bounding box's range on latitude, then longitude (modules/places)
    index("subscribers_lat_lng_idx").on(t.lat, t.lng).where(sql`${t.lat} is not null`),
    // the subscribers table sorted by name (modules/subscribers/search.ts): page 200 of 100,000 in ~12 ms instead of ~120
    index("subscribers_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("subscribers_verification_mail_due_idx").on(t.verificationMailDue),
  ],
);

export const messages = pgTable("messages", {
  id: serial("id").primaryKey(),
  name: text("name"),
  email: text("email").notNull(),
  message: text("message").notNull(),
  messageType: text("message_type").$type<MessageType>().notNull().default("general"),
  isRead: boolean("is_read").notNull().default(false),
  // no longer written (2026-11-27, migration 0023 emptied it): kept so older backups restore
  ip: text("ip"),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
