import type { ResourceModule } from "../resource-module";
import { presalePublicRoutes } from "./routes";

/** A show's presale code for the mailing list (issue 24): the public request; the show's fields are the shows module's. */
export const presaleModule: ResourceModule = { name: "presale", publicRoutes: presalePublicRoutes };
