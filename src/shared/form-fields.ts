/**
 * The fields of a form posted without JavaScript (issue 21): a name given once, or repeated
 * (checkboxes of one name). The server reads them from the posted form (plugins/form-posts.ts);
 * the app reads them back from the answer drawn into the page (FormAnswer.values), so a refused
 * form keeps what was typed. One reading for both.
 */
export type FormFields = Record<string, string | string[]>;

/** A field given once or repeated, as text: the first value ('' when absent). */
export function fieldText(fields: FormFields | undefined, name: string): string {
  const value = fields?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The values of a repeated field (checkboxes of one name). */
export function fieldList(fields: FormFields | undefined, name: string): string[] {
  const value = fields?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
