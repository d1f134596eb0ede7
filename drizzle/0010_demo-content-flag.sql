ALTER TABLE "audio_tracks" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "band_members" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lyrics" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sites seeded before this column existed: flag the rows that are still the demo seed's, untouched since.
UPDATE "media_files" SET "is_demo" = true WHERE "file_path" LIKE '/uploads/seed/%';--> statement-breakpoint
UPDATE "audio_tracks" SET "is_demo" = true WHERE "audio_url" LIKE '/uploads/seed/%' AND "updated_at" = "created_at";--> statement-breakpoint
UPDATE "shows" SET "is_demo" = true WHERE "venue" IN ('The Pour House', 'Tipsy Teapot', 'Reggie''s 42nd Street Tavern', 'Cat''s Cradle Back Room', 'Strange Matter') AND "updated_at" = "created_at";--> statement-breakpoint
UPDATE "merchandise" SET "is_demo" = true WHERE "name" IN ('Floodplain Tee', 'Static Hoodie', 'Dad Hat', 'Spring Tour Poster', 'Sticker Pack', 'Tote Bag', 'Enamel Pin', 'Floodplain / Porch Light Cassette') AND "image_url" LIKE '/uploads/seed/%' AND "updated_at" = "created_at";--> statement-breakpoint
UPDATE "videos" SET "is_demo" = true WHERE "embed_url" IN ('https://www.youtube.com/embed/eRsGyueVLvQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ', 'https://www.youtube.com/embed/R6MlUcmOul8', 'https://www.youtube.com/embed/Y-rmzh0PI3c') AND "updated_at" = "created_at";--> statement-breakpoint
UPDATE "lyrics" SET "is_demo" = true WHERE "title" IN ('Floodplain', 'Porch Light', 'Kinston, 2 AM', 'Saltmarsh') AND "updated_at" = "created_at";--> statement-breakpoint
UPDATE "band_members" SET "is_demo" = true WHERE "name" IN ('Casey Hollowell', 'Dev Okafor', 'Mara Whitley', 'Jonah Pate') AND "updated_at" = "created_at";
