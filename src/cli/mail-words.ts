/**
 * The mail parser's refusals are worded for the REST API, whose field is `raw_email` ("raw_email is empty",
 * docs/api.md); the command line reads files, so it speaks of the message (docs/cli.md). Files that are not
 * messages are caught before parsing (src/mail/message-shape.ts): this is the safety net behind that check.
 */
export const inCliWords = (message: string): string => message.replace(/\braw_email\b/g, 'the message');
