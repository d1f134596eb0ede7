ALTER TABLE "newsletter_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "lease_expires_at" timestamp with time zone;