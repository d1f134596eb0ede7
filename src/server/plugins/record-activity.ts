import { changedSentence, changeList, quoted, type FieldWords } from "../lib/activity-words";
import { activity, type ActivityDeclaration } from "./route-effects";

/**
 * The activity declarations of a resource's usual writes (add, change, delete, a switch such as
 * shown/hidden), worded the same way for every resource: 'added the video 'Live at Kings'',
 * 'changed the merch item 'Tour Tee': price $20 → $25', 'deleted band member 'Jamie''. A module
 * builds them once in its route plugin and names one in each route's `config.activity`.
 */
export interface RecordWords<R> {
  /** the log's resource (the module's name) */
  resource: string;
  /** how a record is called: 'the video', 'band member' */
  noun: string;
  /** its name: Live at Kings */
  name: (record: R) => string;
  /** the name in quotes ('Live at Kings'), unless false (a person: band member Jamie) */
  quote?: boolean;
  /** the fields a change names, in the form's order; a field left out is never worded */
  fields: Record<string, FieldWords>;
  /** reads the record before a change or a delete, from the module's repository */
  find: (id: number) => Promise<R | null>;
}

type Id = { id: number };

export function recordActivities<R extends object>(words: RecordWords<R>) {
  const { resource, noun, name, fields, find } = words;
  const before = ({ params }: { params: Id }) => find(params.id);
  const the = (record: R) => `${noun} ${words.quote === false ? name(record) : quoted(name(record))}`;
  const summary = (record: R | null) => (record ? name(record) : null);
  return {
    created: activity<R>({ resource, summary: ({ after }) => summary(after), describe: ({ after }) => `added ${the(after!)}` }),
    updated: activity<R>({
      resource,
      before,
      summary: ({ after }) => summary(after),
      describe: ({ before, after }) => changedSentence(the(before ?? after!), changeList(before as Record<string, unknown> | null, after as Record<string, unknown>, fields)),
    }),
    deleted: activity<R>({ resource, before, summary: ({ before }) => summary(before), describe: ({ before, params }) => (before ? `deleted ${the(before)}` : `deleted ${noun} #${params.id}`) }),
    /**
     * A switch (`field` true or false): 'hid the video 'X' from the site' / 'put ... back on the site'.
     * `on` and `off` word the whole thing from the record's name; `actions` are the log's actions.
     */
    switched(field: keyof R & string, on: (the: string) => string, off: (the: string) => string, actions: [on: string, off: string]): ActivityDeclaration {
      const isOn = (record: R | null) => Boolean(record?.[field]);
      return activity<R>({
        resource,
        before,
        summary: ({ after }) => summary(after),
        action: ({ after }) => (isOn(after) ? actions[0] : actions[1]),
        describe: ({ after }) => (isOn(after) ? on(the(after!)) : off(the(after!))),
      });
    },
  };
}
