ALTER TABLE "releases" ADD COLUMN "out_announced_at" timestamp with time zone;--> statement-breakpoint
-- releases already out before this column existed are not announced again
UPDATE "releases" SET "out_announced_at" = "release_at" WHERE "published" AND "release_at" <= now();
