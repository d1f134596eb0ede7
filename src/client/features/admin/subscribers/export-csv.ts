import { subscribersApi } from "@shared/api/subscribers";
import { downloadCsv } from "@client/lib/download-csv";

/** Downloads the server's streamed CSV (GET /api/subscribers/export), named after the band. */
export const exportSubscribersCsv = (): Promise<void> => downloadCsv(subscribersApi.exportCsv, "subscribers.csv");
