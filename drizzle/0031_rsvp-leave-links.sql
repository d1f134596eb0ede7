CREATE TABLE "rsvp_leave_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"rsvp_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rsvp_leave_tokens" ADD CONSTRAINT "rsvp_leave_tokens_rsvp_id_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rsvp_leave_tokens_rsvp_idx" ON "rsvp_leave_tokens" USING btree ("rsvp_id");