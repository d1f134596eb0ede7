import { axeOnEveryAdminPage } from "./admin-a11y";

// Alone on a quiet machine ~40 s: 29 pages, each loaded, settled and checked by axe.
axeOnEveryAdminPage({ width: 1440, height: 900 });
