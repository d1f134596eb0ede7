CREATE TABLE "town_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_typed" text NOT NULL,
	"place_name" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "place_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "announce_nearby_miles" integer;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "nearby_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "nearby_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "nearby_told_count" integer;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "nearby_newsletter_id" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "near_show_id" integer;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "near_miles" integer;--> statement-breakpoint
CREATE INDEX "town_requests_place_idx" ON "town_requests" USING btree ("place_name");--> statement-breakpoint
CREATE INDEX "shows_nearby_due_idx" ON "shows" USING btree ("nearby_due_at") WHERE "shows"."nearby_told_at" is null and "shows"."nearby_due_at" is not null;--> statement-breakpoint
CREATE INDEX "subscribers_lat_lng_idx" ON "subscribers" USING btree ("lat","lng") WHERE "subscribers"."lat" is not null;