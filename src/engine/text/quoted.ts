/** A quoted line: "> …", ">> …", or Supercite's initials ("ALB> …"). */
const QUOTED_LINE = /^[ \t]*[A-Za-z]{0,4}>/;
/** Reply prefixes of the lexicon languages and common clients ("Re:", "AW:", "RE :", "Antw:", "SV:"). */
const REPLY_SUBJECT = /^\s*(?:re|aw|antw|sv|vs|r|rif|res)\s*:/i;

/**
 * The text the sender of a reply wrote: lines quoted from the earlier message ("> …", "ALB> …") are that
 * message's words, not the sender's offer or ask (a list member quoting a news story on marriage agencies).
 * Only for a reply, and only when the sender wrote something besides the quote; otherwise the whole text.
 */
export function replyOwnText(subject: string, text: string): string {
  if (!REPLY_SUBJECT.test(subject) || text.indexOf('>') < 0) return text;
  const own = text.split('\n').filter((line) => !QUOTED_LINE.test(line));
  return own.some((line) => /\p{L}{3}/u.test(line)) ? own.join('\n') : text;
}
