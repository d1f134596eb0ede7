import { SHOW_STATUSES, SHOW_STATUS_LABELS } from "@shared/show-status";

/** The status choices of the form and of the table's quick select. */
export const STATUS_OPTIONS = SHOW_STATUSES.map((value) => ({ value, label: SHOW_STATUS_LABELS[value] }));
