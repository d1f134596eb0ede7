ALTER TABLE "users" DROP CONSTRAINT "users_username_unique";--> statement-breakpoint
-- Hand-added so the index below cannot fail on an existing database: if two names differ only in
-- case, the oldest account keeps its name and the others get '-<id>' appended.
UPDATE "users" AS u SET "username" = u."username" || '-' || u."id"
WHERE EXISTS (SELECT 1 FROM "users" AS o WHERE lower(o."username") = lower(u."username") AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));
