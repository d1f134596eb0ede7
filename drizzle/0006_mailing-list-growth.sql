ALTER TABLE "subscribers" ADD COLUMN "consent_source" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consented_by" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "preferences_token" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "welcome_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "verification_mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "preferences_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "regions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "created_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_preferences_token_unique" ON "subscribers" USING btree ("preferences_token");--> statement-breakpoint
CREATE INDEX "subscribers_subscribed_at_idx" ON "subscribers" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_region_idx" ON "subscribers" USING btree ("region");--> statement-breakpoint
CREATE INDEX "subscribers_verification_mail_due_idx" ON "subscribers" USING btree ("verification_mail_due");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_preferences_token_unique" ON "newsletter_deliveries" USING btree ("preferences_token_hash");