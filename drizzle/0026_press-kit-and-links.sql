CREATE TABLE "press_kit" (
	"id" integer PRIMARY KEY NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"short_bio" text DEFAULT '' NOT NULL,
	"long_bio" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stage_plot_url" text DEFAULT '' NOT NULL,
	"tech_rider_url" text DEFAULT '' NOT NULL,
	"booking_name" text DEFAULT '' NOT NULL,
	"booking_email" text DEFAULT '' NOT NULL,
	"press_name" text DEFAULT '' NOT NULL,
	"press_email" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_link_tracks" (
	"link_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"position" integer NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone,
	CONSTRAINT "press_link_tracks_link_id_track_id_pk" PRIMARY KEY("link_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "press_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "unreleased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "press_link_tracks" ADD CONSTRAINT "press_link_tracks_link_id_press_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."press_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_link_tracks" ADD CONSTRAINT "press_link_tracks_track_id_audio_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."audio_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_link_tracks_track_idx" ON "press_link_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_links_token_unique" ON "press_links" USING btree ("token_hash");