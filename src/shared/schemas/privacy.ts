import { z } from "zod";
import { dataAnswer } from "./answers";

/** GET /api/privacy: what the privacy page takes from the server's configuration (shared/privacy.ts). */
export const privacyFactsRecord = z.object({
  statsRetentionDays: z.number().int(),
});

export const privacyAnswers = {
  facts: dataAnswer(privacyFactsRecord),
};
