CREATE TABLE "newsletter_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"target_shows" boolean DEFAULT true NOT NULL,
	"target_releases" boolean DEFAULT true NOT NULL,
	"target_merch" boolean DEFAULT true NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"scheduled_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "content" text;--> statement-breakpoint
CREATE INDEX "newsletter_drafts_updated_idx" ON "newsletter_drafts" USING btree ("updated_at");