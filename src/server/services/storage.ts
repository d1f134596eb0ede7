import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { openObjectStore } from "../storage/open-store";
import type { ObjectStore } from "../storage/object-store";

declare module "fastify" {
  interface FastifyInstance {
    /** Where upload files live: DATA_DIR/uploads, or the bucket of STORAGE_URL (decision 039). */
    storage: ObjectStore;
  }
}

/** Decorates `app.storage` (its S3 client's sockets are released when the app closes). */
export const storageServices = fp(
  async (app: FastifyInstance) => {
    const store = await openObjectStore(app.config, app.log);
    app.decorate("storage", store);
    app.addHook("onClose", async () => store.close());
  },
  { name: "storage-services" },
);

/** Where this app's uploads go: its store and its own staging folder (storage/save.ts). */
export const uploadPlace = (app: FastifyInstance) => ({ store: app.storage, stagingDir: app.config.stagingDir });
