import type { FastifyInstance } from "fastify";
import type { ResourceModule } from "../resource-module";
import { sharedGazetteer, type Gazetteer } from "./gazetteer";
import { placesAdminRoutes, placesPublicRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The offline gazetteer (decision 040): a typed place to a point, and suggestions. */
    places: Gazetteer;
  }
}

function decoratePlaces(app: FastifyInstance) {
  // shared by the apps of one process and let go after ten idle minutes (its timer does not hold the process open)
  app.decorate("places", sharedGazetteer((err) => app.log.error({ err }, "places: the gazetteer's files could not be read; places stay 'not placed'")));
}

/** Places on a map, fans near a show, 'bring us to your town' (issue 24, README.md in this folder). */
export const placesModule: ResourceModule = {
  name: "places",
  publicRoutes: placesPublicRoutes,
  adminRoutes: placesAdminRoutes,
  decorate: decoratePlaces,
};
