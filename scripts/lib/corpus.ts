import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentView } from './content-view.js';

/** dev and train-extra live beside the repository, in ../shared/corpus (docs/detection.md, "Corpora"). */
export const SHARED_CORPORA: readonly string[] = ['dev', 'train-extra'].map((name) => fileURLToPath(new URL(`../../../shared/corpus/${name}`, import.meta.url)));

/**
 * corpus/modern-genuine is in the project: its labels.jsonl is committed, its .eml files are rebuilt from
 * the pinned public repositories by scripts/corpus/build-modern-genuine.py (corpus/modern-genuine/README.md).
 */
export const MODERN_GENUINE = fileURLToPath(new URL('../../corpus/modern-genuine', import.meta.url));
/** Folder name of that corpus, as `LabelledMail.corpus` carries it. */
export const MODERN_GENUINE_NAME = 'modern-genuine';

/**
 * The corpora that train, calibrate and the LOSO evaluation read when no folder is named: dev and
 * train-extra, plus modern-genuine when its messages have been built. A checkout without the built
 * messages (labels.jsonl only) still runs, on dev + train-extra, and says why on `warn`.
 */
export function defaultCorpora(options: { shared?: readonly string[]; modernGenuine?: string; warn?: (line: string) => void } = {}): string[] {
  const dirs = [...(options.shared ?? SHARED_CORPORA)];
  const modern = options.modernGenuine ?? MODERN_GENUINE;
  if (isBuilt(modern)) dirs.push(modern);
  else if (existsSync(join(modern, 'labels.jsonl'))) (options.warn ?? ((line) => process.stderr.write(`${line}\n`)))(`${modern}: labels.jsonl without its messages; left out (build them with scripts/corpus/build-modern-genuine.py)`);
  return dirs;
}

/** A corpus folder is built when labels.jsonl names files that are all there. */
function isBuilt(dir: string): boolean {
  let text: string;
  try {
    text = readFileSync(join(dir, 'labels.jsonl'), 'utf8');
  } catch {
    return false;
  }
  const files = text.split('\n').filter((line) => line.trim()).map((line) => (JSON.parse(line) as LabelLine).file);
  return files.length > 0 && files.every((file) => existsSync(join(dir, file)));
}

/** One labelled message of a corpus folder (labels.jsonl beside the files, see corpus README). */
export interface LabelledMail {
  file: string;
  label: 0 | 1;
  source: string;
  raw: Buffer;
  /** Kind of legitimate mail when labels.jsonl says it (train-extra: transactional, newsletter, …; modern-genuine: receipt, shipping, …). */
  kind?: string;
  /** Language of the visible text when labels.jsonl says it. */
  lang?: string;
  /** Folder name of the corpus the message came from ("dev", "train-extra", "modern-genuine"). */
  corpus?: string;
}

interface LabelLine {
  file: string;
  label: string;
  source?: string;
  kind?: string | null;
  lang?: string | null;
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
    let raw: Buffer;
    try {
      raw = readFileSync(join(dir, record.file));
    } catch (error) {
      throw new Error(`${dir}: labels.jsonl line ${n + 1} names ${record.file}, which cannot be read (${(error as Error).message}); corpus/modern-genuine is rebuilt by scripts/corpus/build-modern-genuine.py`);
    }
    mails.push({
      file: record.file,
      label: record.label === 'phishing' ? 1 : 0,
      source: record.source ?? 'unknown',
      raw: options.contentOnly ? contentView(raw) : raw,
      ...(record.kind ? { kind: record.kind } : {}),
      ...(record.lang ? { lang: record.lang } : {}),
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
 * Ferreira Peixoto; Jose Nazario for his corpus; "AJ" Corrigan, whose test inbox The Markup's newsletters in
 * corpus/modern-genuine were sent to, "Dear AJ,"; Tobias Kastl and Sebastian, whose own German mail two modern-genuine
 * sources keep, "Hallo Sebastian"): as much a collection artefact as the trap address, so
 * no feature that contains one is trained on (the artefact check in `train` flags them too).
 */
const COLLECTOR_NAMES: ReadonlySet<string> = new Set(['rodrigo', 'ferreira', 'peixoto', 'nazario', 'jose', 'aj', 'corrigan', 'tobias', 'kastl', 'sebastian']);

export function withoutCollectorNames<T extends { features: readonly string[] }>(doc: T): T {
  const features = doc.features.filter((f) => !f.slice(f.indexOf(':') + 1).split(/[_:]/).some((w) => COLLECTOR_NAMES.has(w)));
  return features.length === doc.features.length ? doc : { ...doc, features };
}
