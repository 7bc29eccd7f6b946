/**
 * The fitted weights file (`models/weights.json`) written by `npm run calibrate`, and the two places that
 * must agree with it (docs/detection.md, "How the weights are fitted"): the `engine.weights`,
 * `engine.bias` and `engine.scale` values of config/default.yaml, and the weight tables of
 * docs/detection.md. Only numbers are rewritten; comments and layout stay as written.
 */
import { fileURLToPath } from 'node:url';

export const WEIGHTS_PATH = fileURLToPath(new URL('../../models/weights.json', import.meta.url));
export const CONFIG_PATH = fileURLToPath(new URL('../../config/default.yaml', import.meta.url));
export const DETECTION_DOC_PATH = fileURLToPath(new URL('../../docs/detection.md', import.meta.url));

export interface RuleWeight {
  /** The weight the engine uses, in configured units (× engine.scale = log-odds per unit of strength). */
  weight: number;
  /** The designed weight the fit shrinks towards and whose sign it keeps (configured units). */
  prior: number;
  /** The fitted log-odds (weight × scale before rounding), for fitted rules. */
  logOdds?: number;
  /** "fitted", or why the prior is kept ("fires on 0 messages", "prior set by hand"). */
  status: string;
  /** Messages (of the calibration corpora) on which the rule fired. */
  fired: number;
  /**
   * Set when the fit hit a bound: `floor` (a quarter of the prior: the data would push the rule towards 0
   * or past it, often a source artefact) or `ceiling` (2.5 times the prior).
   */
  clamped?: 'floor' | 'ceiling';
}

export interface WeightsFile {
  format: 'phishgate-weights';
  version: 1;
  bias: number;
  scale: number;
  thresholds: { suspicious: number; phishing: number };
  rules: Record<string, RuleWeight>;
  provenance: {
    date: string;
    command: string;
    corpora: string[];
    messages: { phishing: number; ham: number };
    sources: Array<{ source: string; label: 'phishing' | 'ham'; n: number }>;
    method: string;
    /** engine.bias before the first calibration (the prior the bias is not shrunk to, kept for reference). */
    priorBias: number;
    /** Pooled held-out ROC AUC of the linear model at the prior weights, next to each λ's in lambdaSearch. */
    priorHeldOutAuc: number;
    lambda: number;
    lambdaSearch: Array<{ lambda: number; heldOutAuc: number; heldOutLogLoss: number }>;
    /** Per source, held out in turn: what the prior weights and the fitted weights flag (FPR for ham, recall for phishing). */
    perSource: Array<{ source: string; label: 'phishing' | 'ham'; n: number; prior: [number, number]; fitted: [number, number]; worse: boolean }>;
    /** The leave-one-source-out tables of the fitted weights, as printed in docs/detection.md. */
    losoMarkdown: string;
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
export { round2 };

/** Replaces the numbers of `engine.weights.*`, `engine.bias` and `engine.scale` in the YAML text. */
export function rewriteConfig(text: string, weights: Record<string, number>, bias: number, scale: number): string {
  const lines = text.split('\n');
  let inEngine = false;
  let inWeights = false;
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\S/.test(line) && !line.startsWith('#')) {
      inEngine = line.startsWith('engine:');
      inWeights = false;
      continue;
    }
    if (!inEngine) continue;
    if (/^ {2}\S/.test(line) && !/^ {2}#/.test(line)) {
      inWeights = /^ {2}weights:\s*$/.test(line);
      const top = /^ {2}(bias|scale): (-?[\d.]+)(\s*(?:#.*)?)$/.exec(line);
      if (top) lines[i] = `  ${top[1]}: ${top[1] === 'bias' ? bias : scale}${top[3]}`;
      continue;
    }
    const rule = inWeights ? /^ {4}([A-Z0-9_]+): (-?[\d.]+)(\s*(?:#.*)?)$/.exec(line) : null;
    if (rule && weights[rule[1]!] !== undefined) {
      lines[i] = `    ${rule[1]}: ${weights[rule[1]!]}${rule[3]}`;
      seen.add(rule[1]!);
    }
  }
  const missing = Object.keys(weights).filter((id) => !seen.has(id));
  if (missing.length) throw new Error(`config has no engine.weights line for ${missing.join(', ')}`);
  return lines.join('\n');
}

const fmt = (x: number): string => (x < 0 ? `−${Math.abs(x)}` : String(x));

/** The generated table of docs/detection.md: every rule's weight, prior and status. */
export function weightsTable(file: WeightsFile): string {
  const rows = Object.entries(file.rules).sort(([a], [b]) => a.localeCompare(b));
  const search = file.provenance.lambdaSearch.map((c) => `λ ${c.lambda}: ${c.heldOutAuc.toFixed(3)}`).join(', ');
  return [
    `Fitted ${file.provenance.date} by \`${file.provenance.command}\`: bias ${fmt(file.bias)}, scale ${file.scale}, λ ${file.provenance.lambda}; ${file.provenance.messages.phishing} phishing and ${file.provenance.messages.ham} legitimate messages (${file.provenance.corpora.join(' + ')}).`,
    '',
    `Held-out ROC AUC of the linear model (each source scored by weights fitted without it): priors ${file.provenance.priorHeldOutAuc.toFixed(3)}; ${search}.${file.provenance.priorHeldOutAuc > Math.max(...file.provenance.lambdaSearch.map((c) => c.heldOutAuc)) ? ' No fitted set of weights ranked the held-out sources better than the priors, so the largest λ wins and the weights stay at (or next to) their priors: on these corpora, moving a weight towards what some sources show costs the others.' : ''}`,
    '',
    '| rule | weight | prior | fired on | status |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(([id, r]) => `| \`${id}\` | ${fmt(r.weight)} | ${fmt(r.prior)} | ${r.fired} | ${r.status}${r.clamped === 'floor' ? ' (held at a quarter of its prior: the corpora would push it further towards 0)' : r.clamped === 'ceiling' ? ' (held at 2.5 × its prior)' : ''} |`),
  ].join('\n');
}

/** Replaces the text between `<!-- name:begin -->` and `<!-- name:end -->`. */
export function replaceBlock(doc: string, name: string, content: string): string {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/detection.md has no ${begin} … ${end} block`);
  return `${doc.slice(0, a + begin.length)}\n${content}\n${doc.slice(b)}`;
}

export function readBlock(doc: string, name: string): string | null {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  return a < 0 || b < a ? null : doc.slice(a + begin.length, b).trim();
}

const RULE_ROW = /^\| `([A-Z0-9_]+)` \| ([a-z]+) \| ([^|]+) \|/;

/** Weight cells of the rules table ("| `RULE` | group | weight | …"), by rule id. */
export function rulesTableWeights(doc: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const m = RULE_ROW.exec(line);
    if (m) out.set(m[1]!, m[3]!.trim());
  }
  return out;
}

/** Rewrites the weight cell of each rules-table row whose rule has a weight. */
export function rewriteRulesTable(doc: string, weights: Record<string, number>): string {
  return doc
    .split('\n')
    .map((line) => {
      const m = RULE_ROW.exec(line);
      if (!m || weights[m[1]!] === undefined) return line;
      return line.replace(RULE_ROW, `| \`${m[1]}\` | ${m[2]} | ${fmt(weights[m[1]!]!)} |`);
    })
    .join('\n');
}

export { fmt as formatWeight };
