/** The demo seed's content (issue 21): which rows are still demo, and removing them all. */
export type { DemoContent, DemoRemoval, DemoResource } from "../schemas/demo-content";

export const demoContentApi = {
  /** GET (admin): ids of the rows still as seeded; DELETE (admin): removes them and their files */
  status: "/api/admin/demo-content",
} as const;
