ALTER TABLE "shows" ADD COLUMN "presale_nearby_miles" integer;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "presale_nearby_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "presale_nearby_told_count" integer;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "presale_nearby_newsletter_id" integer;--> statement-breakpoint
CREATE INDEX "shows_presale_nearby_due_idx" ON "shows" USING btree ("presale_starts_at") WHERE "shows"."presale_nearby_told_at" is null and "shows"."presale_nearby_miles" is not null;