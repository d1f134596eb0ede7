import { z } from "zod";
import { dataAnswer } from "./answers";

/** The first-run checklist's steps, in the order the dashboard lists them (issue 21). */
export const SETUP_STEPS = ["email", "links", "photo", "show", "demo", "mail", "backups"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /api/admin/setup: which steps are done, for the signed-in admin (their e-mail) and the site. */
export const setupRecord = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** the signed-in admin's id: their e-mail is set on their own user form */
  userId: z.number(),
  /** where mail goes while SMTP_URL is unset: files in this folder (DATA_DIR/mail) */
  mailFolder: z.string().nullable(),
});
export type SetupStatus = z.input<typeof setupRecord>;

export const setupAnswers = { status: dataAnswer(setupRecord) };
