CREATE TABLE "import_claims" (
	"import_id" text NOT NULL,
	"generation" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_claims_import_id_generation_pk" PRIMARY KEY("import_id","generation")
);
