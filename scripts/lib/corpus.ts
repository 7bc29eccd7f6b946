import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { contentView } from './content-view.js';

/** One labelled message of a corpus folder (labels.jsonl beside the files, see corpus README). */
export interface LabelledMail {
  file: string;
  label: 0 | 1;
  source: string;
  raw: Buffer;
  /** Kind of legitimate mail when labels.jsonl says it (train-extra: transactional, newsletter, …). */
  kind?: string;
  /** Folder name of the corpus the message came from ("dev", "train-extra"). */
  corpus?: string;
}

interface LabelLine {
  file: string;
  label: string;
  source?: string;
  kind?: string | null;
}

/**
 * Reads `<dir>/labels.jsonl` and every file it names. "phishing" → 1, anything else → 0. With
 * `contentOnly`, each message is reduced to its content-only view (`content-view.ts`).
 */
export function loadLabelledCorpus(dir: string, options: { contentOnly?: boolean } = {}): LabelledMail[] {
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
    const raw = readFileSync(join(dir, record.file));
    mails.push({
      file: record.file,
      label: record.label === 'phishing' ? 1 : 0,
      source: record.source ?? 'unknown',
      raw: options.contentOnly ? contentView(raw) : raw,
      ...(record.kind ? { kind: record.kind } : {}),
      corpus: basename(dir.replace(/\/+$/, '')),
    });
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

/** Several corpus folders as one list (e.g. dev and train-extra). */
export function loadCorpora(dirs: readonly string[], options: { contentOnly?: boolean } = {}): LabelledMail[] {
  return dirs.flatMap((dir) => loadLabelledCorpus(dir, options));
}

/**
 * Kind of a legitimate message for the per-kind tables: labels.jsonl's `kind` when present, else what the
 * source is (corpus README "Sources"): list mail, 2002 personal/list mail, 2002 commercial mail, bounces.
 */
export function hamKind(mail: LabelledMail): string {
  if (mail.kind) return mail.kind;
  const group = sourceGroup(mail.source);
  if (group.includes('usrp-users')) return 'mailing list';
  if (group.includes('hard-ham')) return 'commercial (2002)';
  if (group.includes('spam-assassin')) return 'personal and list (2002)';
  if (group.includes('sisimai')) return 'bounce';
  return 'other';
}

/**
 * Names of the people who collected the corpora, which their mail greets (phishing_pot's owner Rodrigo
 * Ferreira Peixoto; Jose Nazario for his corpus): as much a collection artefact as the trap address, so
 * no feature that contains one is trained on (the artefact check in `train` flags them too).
 */
const COLLECTOR_NAMES: ReadonlySet<string> = new Set(['rodrigo', 'ferreira', 'peixoto', 'nazario', 'jose']);

export function withoutCollectorNames<T extends { features: readonly string[] }>(doc: T): T {
  const features = doc.features.filter((f) => !f.slice(f.indexOf(':') + 1).split(/[_:]/).some((w) => COLLECTOR_NAMES.has(w)));
  return features.length === doc.features.length ? doc : { ...doc, features };
}
