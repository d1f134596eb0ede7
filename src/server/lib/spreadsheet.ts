/**
 * A text cell of a CSV a spreadsheet will open, kept from being run as a formula: a value that
 * starts with = + - @ (or a tab or carriage return, which some spreadsheets skip before one) gets
 * a leading apostrophe. Anyone can put such text into what an export carries: a fan's name
 * ("=HYPERLINK(...)"), a link's utm_source, an item's name.
 */
export function notAFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
