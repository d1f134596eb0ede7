CREATE TABLE "repeated_writes" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "repeated_writes_created_idx" ON "repeated_writes" USING btree ("created_at");