CREATE TABLE "presale_mails" (
	"show_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_mails_show_id_subscriber_id_pk" PRIMARY KEY("show_id","subscriber_id")
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "presale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "presale_code" text;--> statement-breakpoint
ALTER TABLE "presale_mails" ADD CONSTRAINT "presale_mails_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_mails" ADD CONSTRAINT "presale_mails_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;