ALTER TABLE "shows" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_status_check" CHECK ("shows"."status" in ('scheduled', 'sold-out', 'cancelled', 'postponed'));