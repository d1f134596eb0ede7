CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "stats_daily_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "stats_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"target" integer,
	"visitor" text NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"utm_medium" text,
	"utm_campaign" text,
	"country" text DEFAULT 'unknown' NOT NULL,
	"region" text DEFAULT 'unknown' NOT NULL,
	"city" text DEFAULT 'unknown' NOT NULL,
	CONSTRAINT "stats_events_kind_check" CHECK ("stats_events"."kind" in ('pageview', 'show', 'merch'))
);
--> statement-breakpoint
CREATE TABLE "stats_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_events_day_idx" ON "stats_events" USING btree ("day","kind");