ALTER TABLE "stats_events" DROP CONSTRAINT "stats_events_kind_check";--> statement-breakpoint
ALTER TABLE "stats_events" ADD COLUMN "latitude" real;--> statement-breakpoint
ALTER TABLE "stats_events" ADD COLUMN "longitude" real;--> statement-breakpoint
ALTER TABLE "stats_events" ADD CONSTRAINT "stats_events_kind_check" CHECK ("stats_events"."kind" in ('pageview', 'show', 'merch', 'newsletter'));