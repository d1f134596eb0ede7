/** Upload limits: one definition, shared with the admin's upload fields. */
export { MB, UPLOAD_LIMITS } from "@shared/upload-limits";
