ALTER TABLE "subscribers" ADD COLUMN "signup_page" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "signup_source" text;