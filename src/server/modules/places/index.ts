import type { FastifyInstance } from "fastify";
import type { ResourceModule } from "../resource-module";
import { sharedGazetteer, type Gazetteer } from "./gazetteer";
import { placesAdminRoutes, placesPublicRoutes, townRequestAdminRoutes, townRequestRoutes } from "./routes";
import { nearbyAnnouncer } from "./nearby";

declare module "fastify" {
  interface FastifyInstance {
    /** The offline gazetteer (decision 038): a typed place to a point, and suggestions. */
    places: Places;
  }
}

/** The gazetteer's questions, and the clock the nearby mails go by (tests set it). */
export interface Places {
  resolve: Gazetteer["resolve"];
  suggest: Gazetteer["suggest"];
  /** starts loading the gazetteer now, without waiting (the admin is about to save a show) */
  warm: () => void;
  now: () => Date;
  /** asks the nearby round to look now (a show was saved that tells fans near it); the server's background sets it */
  wakeNearby: () => void;
}

function decoratePlaces(app: FastifyInstance) {
  // shared by the apps of one process and let go after ten idle minutes (its timer does not hold the process open)
  const gazetteer = sharedGazetteer((err) => app.log.error({ err }, "places: the gazetteer's files could not be read; places stay 'not placed'"));
  const places: Places = { resolve: (text) => gazetteer.resolve(text), suggest: (text, limit) => gazetteer.suggest(text, limit), warm: () => gazetteer.warm(), now: () => new Date(), wakeNearby: () => {} };
  app.decorate("places", places);
}

/** Places on a map, fans near a show, 'bring us to your town' (issue 24, README.md in this folder). */
export const placesModule: ResourceModule = {
  name: "places",
  publicRoutes: async (app) => {
    await app.register(placesPublicRoutes);
    await app.register(townRequestRoutes);
  },
  adminRoutes: async (app) => {
    await app.register(placesAdminRoutes);
    await app.register(townRequestAdminRoutes);
  },
  decorate: decoratePlaces,
  // 'tell fans near it': every instance runs the round; one UPDATE ... RETURNING claims each show once
  background: async (app) => {
    const announcer = nearbyAnnouncer(app);
    app.places.wakeNearby = () => announcer.wake();
    announcer.start();
    return () => announcer.stop();
  },
};
