import { z } from "zod";

/**
 * Text the database can store and a person meant to type. PostgreSQL refuses NUL in text (a
 * 500 before this existed), and other C0/C1 control characters or lone UTF-16 surrogates are
 * never typed on purpose. Tab and line breaks are fine where a text area allows them. Marks
 * such as RTL/LTR are left alone: they belong in right-to-left text.
 */
export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

// With the u flag a paired surrogate is one code point, so \uD800-\uDFFF matches only lone halves.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;

/** True when `value` holds nothing a text area could not hold (tab, \n and \r allowed). */
export const isCleanMultilineText = (value: string) => MULTI_LINE.test(value);

type StringParams = Parameters<typeof z.string>[0];

/** z.string() for one line of text: no control characters at all. */
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** z.string() for a text area: tab and line breaks allowed, other control characters refused. */
export const multilineText = (params?: StringParams) => z.string(params).regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);
