/**
 * A labelled corpus folder as the project's corpora and `phishgate feedback export` lay it out:
 * `labels.jsonl` (one `{"file": …, "label": "phishing" | "ham", …}` per line) beside the message files.
 * File names come from the folder's own index and must stay inside the folder.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';

export interface CorpusMessage {
  file: string;
  label: 0 | 1;
  sha256: string;
  raw: Buffer;
}

export async function* readLabelledCorpus(dir: string, maxMessageBytes: number): AsyncGenerator<CorpusMessage> {
  let index: string;
  try {
    index = await readFile(join(dir, 'labels.jsonl'), 'utf8');
  } catch (error) {
    throw new Error(`${dir} has no readable labels.jsonl: ${(error as Error).message}`);
  }
  for (const [n, line] of index.split('\n').entries()) {
    if (!line.trim()) continue;
    let record: { file?: unknown; label?: unknown };
    try {
      record = JSON.parse(line) as { file?: unknown; label?: unknown };
    } catch {
      throw new Error(`${dir}/labels.jsonl line ${n + 1} is not JSON`);
    }
    const file = typeof record.file === 'string' ? normalize(record.file) : '';
    if (!file || isAbsolute(file) || file.startsWith(`..${sep}`) || file === '..') throw new Error(`${dir}/labels.jsonl line ${n + 1}: "file" must name a file inside the folder`);
    if (record.label !== 'phishing' && record.label !== 'ham') throw new Error(`${dir}/labels.jsonl line ${n + 1}: "label" must be "phishing" or "ham"`);
    const bytes = await readFile(join(dir, file));
    const raw = bytes.length > maxMessageBytes ? bytes.subarray(0, maxMessageBytes) : bytes;
    yield { file, label: record.label === 'phishing' ? 1 : 0, sha256: createHash('sha256').update(raw).digest('hex'), raw };
  }
}
