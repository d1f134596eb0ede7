CREATE TABLE "stats_partial" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "stats_partial_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "stats_partial_marks" (
	"day" date PRIMARY KEY NOT NULL,
	"through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_rolled_weeks" (
	"week" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_weekly" (
	"week" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "stats_weekly_week_dimension_key_pk" PRIMARY KEY("week","dimension","key")
);
--> statement-breakpoint
DROP INDEX "stats_events_day_idx";--> statement-breakpoint
ALTER TABLE "stats_events" ADD COLUMN "written_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "stats_daily_dimension_key_day_idx" ON "stats_daily" USING btree ("dimension","key","day");--> statement-breakpoint
CREATE INDEX "stats_events_day_written_idx" ON "stats_events" USING btree ("day","written_at");