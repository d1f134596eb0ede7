CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"instance_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"size" bigint,
	"error" text,
	CONSTRAINT "backup_runs_scheduled_for_unique" UNIQUE("scheduled_for")
);
