ALTER TABLE "newsletter_drafts" ADD COLUMN "near_show_id" integer;--> statement-breakpoint
ALTER TABLE "newsletter_drafts" ADD COLUMN "near_miles" integer;