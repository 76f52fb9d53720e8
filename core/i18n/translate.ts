import type { MessageId, MessageValues } from "./message-ids";

/**
 * What core needs of a Lingui instance (`I18n` of @lingui/core, which the client and the server
 * set up): core imports no package but zod, and words nothing itself.
 */
export interface I18n {
  readonly messages: Readonly<Record<string, unknown>>;
  _(id: string, values?: Record<string, unknown>): string;
}

export type { MessageId, MessageValues } from "./message-ids";

/** The values argument of a message: none for a message without placeholders, else its own. */
export type ValuesOf<Id extends MessageId> = MessageValues[Id] extends undefined ? [] : [values: MessageValues[Id]];

/** A message id that takes no values: what a table of labels holds (`Record<Priority, PlainMessageId>`), worded by `t(id)`. */
export type PlainMessageId = { [Id in MessageId]: MessageValues[Id] extends undefined ? Id : never }[MessageId];

/** `t("task.title_required")`, `t("task.count", { count: 3 })`: a message in the active language. */
export type Translate = <Id extends MessageId>(id: Id, ...values: ValuesOf<Id>) => string;

/** A translator reading from a Lingui instance, in whatever language it has active when called. */
export function translatorFor(i18n: I18n): Translate {
  return (id, ...values) => i18n._(id, values[0] as Record<string, unknown> | undefined);
}

/** Whether a string is a message id of the catalog (a zod issue's message is one; a server's answer is already words). */
export function isMessageId(i18n: I18n, value: string): value is MessageId {
  return i18n.messages[value] !== undefined;
}

/**
 * A message that is not worded yet: its id, with its values after a space as JSON
 * (`task.title_too_long {"max":200}`). Validation messages are these, so that a shared schema's
 * refusal is worded where it is shown, in the reader's language: by the form kit in the browser,
 * by the server's error answer (docs/decisions/108).
 */
export function messageRef<Id extends MessageId>(id: Id, ...values: ValuesOf<Id>): string {
  return values[0] === undefined ? id : `${id} ${JSON.stringify(values[0])}`;
}

/** Words a message reference with `i18n`; text that is not one comes back as it is. */
export function wordMessageRef(i18n: I18n, text: string): string {
  const space = text.indexOf(" ");
  const id = space < 0 ? text : text.slice(0, space);
  if (!isMessageId(i18n, id)) return text;
  let values: Record<string, unknown> | undefined;
  if (space >= 0) {
    try {
      values = JSON.parse(text.slice(space + 1)) as Record<string, unknown>;
    } catch {
      return text;
    }
  }
  return i18n._(id, values);
}

/** The id of a message reference, or null for text that is not one (the error answer's `code`). */
export function messageRefId(i18n: I18n, text: string): MessageId | null {
  const id = text.split(" ", 1)[0]!;
  return isMessageId(i18n, id) ? id : null;
}
