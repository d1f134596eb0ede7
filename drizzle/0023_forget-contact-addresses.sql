-- Contact messages no longer keep the sender's IP address: nothing read it (2026-11-27, see
-- modules/contact/routes.ts). The column stays, empty, so backups made before this still restore.
UPDATE "messages" SET "ip" = NULL;
