import { inject } from "vitest";
import { preparedRun } from "./paths";

// Setup file of the browser project: before a file's first line, this run's build and data-dir
// templates are ready (the global setup makes them in the background, decision 053).
await preparedRun(inject("e2eRun"));
