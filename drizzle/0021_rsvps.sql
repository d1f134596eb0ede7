CREATE TABLE "rsvps" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"token_hash" text,
	"confirm_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_for" date,
	"reminded_at" timestamp with time zone,
	"told_date" date,
	"told_time" text,
	"told_venue" text,
	"told_location" text,
	"told_status" text,
	"told_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_show_email_unique" ON "rsvps" USING btree ("show_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_token_unique" ON "rsvps" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rsvps_confirmed_idx" ON "rsvps" USING btree ("show_id") WHERE "rsvps"."confirmed_at" is not null;