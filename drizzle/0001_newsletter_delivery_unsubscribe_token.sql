ALTER TABLE "newsletter_deliveries" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
CREATE INDEX "deliveries_newsletter_status_idx" ON "newsletter_deliveries" USING btree ("newsletter_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_unsubscribe_token_unique" ON "newsletter_deliveries" USING btree ("unsubscribe_token_hash");