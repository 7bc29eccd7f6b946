/**
 * The feed layouts phishgate reads (docs/reputation.md "Feeds"), each turned into the URLs it lists. All
 * readers take the text line by line (PhishTank's JSON excepted: it is one document) and do linear work.
 *   - openphish: one URL a line (feed.txt);
 *   - phishtank_csv: header `phish_id,url,phish_detail_url,…`, the column named `url`;
 *   - phishtank_json: an array of objects with a `url` member;
 *   - urlhaus_csv: `#` comment lines (the header among them), then `"id","dateadded","url",…` rows.
 */
export type FeedFormat = 'openphish' | 'phishtank_json' | 'phishtank_csv' | 'urlhaus_csv';

/** Splits one CSV line (RFC 4180 quotes, no line breaks inside fields: these feeds have none). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** A reader fed one line at a time; `url` is called for every URL the line lists. */
export interface LineReader {
  line(text: string): void;
}

export function lineReader(format: Exclude<FeedFormat, 'phishtank_json'>, url: (value: string) => void): LineReader {
  if (format === 'openphish') {
    return { line: (text) => void (text.trim() && url(text.trim())) };
  }
  if (format === 'urlhaus_csv') {
    return {
      line: (text) => {
        if (!text.trim() || text.startsWith('#')) return;
        const value = csvFields(text)[2];
        if (value) url(value);
      },
    };
  }
  let column = -1;
  return {
    line: (text) => {
      if (!text.trim()) return;
      const fields = csvFields(text);
      if (column < 0) {
        column = fields.findIndex((f) => f.trim().toLowerCase() === 'url');
        if (column < 0) throw new Error('PhishTank CSV has no "url" column in its header');
        return;
      }
      const value = fields[column];
      if (value) url(value);
    },
  };
}

const JSON_URL = /"url"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/** PhishTank's JSON: every `"url": "…"` member (the array's objects carry no other member of that name). */
export function jsonUrls(text: string, url: (value: string) => void): void {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('[')) throw new Error('PhishTank JSON is not an array');
  for (const match of text.matchAll(JSON_URL)) {
    try {
      url(JSON.parse(`"${match[1]}"`) as string);
    } catch {
      // A member that is not a valid JSON string is skipped, not fatal.
    }
  }
}
