CREATE TABLE "release_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"confirm_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"download_hash" text,
	"download_expires_at" timestamp with time zone,
	"downloads" integer DEFAULT 0 NOT NULL,
	"joined_list" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_notifies" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"confirm_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_tracks" (
	"release_id" integer NOT NULL,
	"position" integer NOT NULL,
	"track_id" integer NOT NULL,
	CONSTRAINT "release_tracks_release_id_position_pk" PRIMARY KEY("release_id","position")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"download_track_id" integer,
	"download_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_type_check" CHECK ("releases"."type" in ('single', 'ep', 'album'))
);
--> statement-breakpoint
ALTER TABLE "stats_events" DROP CONSTRAINT "stats_events_kind_check";--> statement-breakpoint
ALTER TABLE "release_downloads" ADD CONSTRAINT "release_downloads_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notifies" ADD CONSTRAINT "release_notifies_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_track_id_audio_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."audio_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_download_track_id_audio_tracks_id_fk" FOREIGN KEY ("download_track_id") REFERENCES "public"."audio_tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_downloads_release_email_unique" ON "release_downloads" USING btree ("release_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "release_downloads_token_unique" ON "release_downloads" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "release_downloads_download_unique" ON "release_downloads" USING btree ("download_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "release_notifies_release_email_unique" ON "release_notifies" USING btree ("release_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "release_notifies_token_unique" ON "release_notifies" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "release_notifies_due_idx" ON "release_notifies" USING btree ("release_id") WHERE "release_notifies"."confirmed_at" is not null and "release_notifies"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "release_tracks_track_idx" ON "release_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_slug_unique" ON "releases" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "releases_published_at_idx" ON "releases" USING btree ("release_at") WHERE "releases"."published";--> statement-breakpoint
ALTER TABLE "stats_events" ADD CONSTRAINT "stats_events_kind_check" CHECK ("stats_events"."kind" in ('pageview', 'show', 'merch', 'newsletter', 'release'));