import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One labelled message of a corpus folder (labels.jsonl beside the files, see corpus README). */
export interface LabelledMail {
  file: string;
  label: 0 | 1;
  source: string;
  raw: Buffer;
}

interface LabelLine {
  file: string;
  label: string;
  source?: string;
}

/** Reads `<dir>/labels.jsonl` and every file it names. "phishing" → 1, anything else → 0. */
export function loadLabelledCorpus(dir: string): LabelledMail[] {
  let text: string;
  try {
    text = readFileSync(join(dir, 'labels.jsonl'), 'utf8');
  } catch (error) {
    throw new Error(`${dir} has no readable labels.jsonl: ${(error as Error).message}`);
  }
  const mails: LabelledMail[] = [];
  for (const [n, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let record: LabelLine;
    try {
      record = JSON.parse(line) as LabelLine;
    } catch {
      throw new Error(`labels.jsonl line ${n + 1} is not JSON`);
    }
    mails.push({ file: record.file, label: record.label === 'phishing' ? 1 : 0, source: record.source ?? 'unknown', raw: readFileSync(join(dir, record.file)) });
  }
  return mails;
}

/** "owner/repo@commit:path/…" → "owner/repo" plus the SpamAssassin sub-folder, for per-source figures. */
export function sourceGroup(source: string): string {
  const repo = source.split('@')[0] ?? source;
  const path = source.split(':')[1] ?? '';
  if (repo.includes('spam-assassin')) return `${repo}:${path.split('/')[1] ?? ''}`;
  return repo;
}
