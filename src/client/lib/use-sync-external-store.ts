// Stands in for `use-sync-external-store/shim` (vite.config.ts alias): the shim exists for React < 18.
export { useSyncExternalStore } from "react";
