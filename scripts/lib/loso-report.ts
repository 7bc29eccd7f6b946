/**
 * Tables of a leave-one-source-out run (`npm run eval -- --loso`): overall, per source, per kind of legitimate
 * mail, and the false-positive rate on corpus/modern-genuine per kind and per source (docs/detection.md,
 * "Held out by source, with modern genuine mail").
 */
import { hamKind, MODERN_GENUINE_NAME, sourceGroup, type LabelledMail } from './corpus.js';
import { rankScore, type Outcome } from './loso.js';
import { recallAtFpr, rocAuc, type Scored } from './metrics.js';

export const MODES = ['rules', 'classifier', 'both'] as const;
export type Mode = (typeof MODES)[number];

/** Ranking score and verdict score of one outcome in one mode (NaN: the mode has no score for it). */
export function scoresOf(o: Outcome, mode: Mode): { rank: number; score: number } {
  if (mode === 'classifier') return { rank: o.classifier, score: o.classifier };
  const result = mode === 'rules' ? o.rules : o.both;
  return { rank: rankScore(result), score: result.score };
}

export interface ModeFigures {
  n: number;
  auc: number;
  recallAt1: number;
  recallAt05: number;
  /** Share at or above the suspicious / phishing thresholds: FPR for ham, recall for phishing. */
  fprSuspicious: number;
  fprPhishing: number;
  recallSuspicious: number;
  recallPhishing: number;
}

export interface GroupRow {
  group: string;
  label: 'phishing' | 'ham';
  n: number;
  /** Per mode: share flagged at ≥ suspicious and ≥ phishing, and AUC of this group against the other class. */
  modes: Record<Mode, { atSuspicious: number; atPhishing: number; auc: number }>;
}

export interface LosoReport {
  thresholds: { suspicious: number; phishing: number };
  overall: Record<Mode, ModeFigures>;
  perSource: GroupRow[];
  perKind: GroupRow[];
  /** Only the messages of corpus/modern-genuine (empty when it was not loaded): each of its sources is its own fold. */
  modernGenuine: { perKind: GroupRow[]; perSource: GroupRow[] };
}

const share = (xs: number[], pred: (x: number) => boolean): number => (xs.length ? xs.filter(pred).length / xs.length : Number.NaN);

export function buildReport(mails: readonly LabelledMail[], outcomes: readonly Outcome[], thresholds: { suspicious: number; phishing: number }): LosoReport {
  const overall = {} as Record<Mode, ModeFigures>;
  const scored: Record<Mode, Array<Scored & { verdictScore: number; index: number }>> = { rules: [], classifier: [], both: [] };
  for (const mode of MODES) {
    outcomes.forEach((o, index) => {
      const s = scoresOf(o, mode);
      if (!Number.isNaN(s.rank)) scored[mode].push({ label: mails[index]!.label, score: s.rank, verdictScore: s.score, index });
    });
    const items = scored[mode];
    const ham = items.filter((x) => x.label === 0).map((x) => x.verdictScore);
    const phish = items.filter((x) => x.label === 1).map((x) => x.verdictScore);
    overall[mode] = {
      n: items.length,
      auc: rocAuc(items),
      recallAt1: recallAtFpr(items, 0.01).recall,
      recallAt05: recallAtFpr(items, 0.005).recall,
      fprSuspicious: share(ham, (s) => s >= thresholds.suspicious),
      fprPhishing: share(ham, (s) => s >= thresholds.phishing),
      recallSuspicious: share(phish, (s) => s >= thresholds.suspicious),
      recallPhishing: share(phish, (s) => s >= thresholds.phishing),
    };
  }
  const rows = (keyOf: (m: LabelledMail) => string | null): GroupRow[] => {
    const groups = new Map<string, { label: 0 | 1; indices: number[] }>();
    mails.forEach((m, i) => {
      const key = keyOf(m);
      if (key === null) return;
      const id = `${m.label}\u0000${key}`;
      const g = groups.get(id) ?? { label: m.label, indices: [] };
      g.indices.push(i);
      groups.set(id, g);
    });
    return [...groups].map(([id, g]) => {
      const modes = {} as GroupRow['modes'];
      for (const mode of MODES) {
        const mine = new Set(g.indices);
        const members = scored[mode].filter((x) => mine.has(x.index));
        const others = scored[mode].filter((x) => x.label !== g.label);
        const verdictScores = members.map((x) => x.verdictScore);
        modes[mode] = {
          atSuspicious: share(verdictScores, (s) => s >= thresholds.suspicious),
          atPhishing: share(verdictScores, (s) => s >= thresholds.phishing),
          auc: rocAuc([...members, ...others]),
        };
      }
      return { group: id.split('\u0000')[1]!, label: g.label === 1 ? ('phishing' as const) : ('ham' as const), n: g.indices.length, modes };
    }).sort((a, b) => (a.label === b.label ? b.n - a.n : a.label === 'ham' ? -1 : 1));
  };
  return {
    thresholds,
    overall,
    perSource: rows((m) => sourceGroup(m.source)),
    perKind: rows((m) => (m.label === 0 ? hamKind(m) : null)),
    modernGenuine: {
      perKind: rows((m) => (m.corpus === MODERN_GENUINE_NAME && m.label === 0 ? hamKind(m) : null)),
      perSource: rows((m) => (m.corpus === MODERN_GENUINE_NAME && m.label === 0 ? sourceGroup(m.source) : null)),
    },
  };
}

const pct = (x: number): string => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)} %`);
const auc = (x: number): string => (Number.isNaN(x) ? '–' : x.toFixed(3));

/** Markdown tables (pasted into docs/detection.md by hand or by calibrate). */
export function formatReport(report: LosoReport): string {
  const { suspicious, phishing } = report.thresholds;
  const lines: string[] = [];
  lines.push(`| | ROC AUC | recall at FPR ≤ 1 % | recall at FPR ≤ 0.5 % | FPR at ≥ ${suspicious} / ≥ ${phishing} | recall at ≥ ${suspicious} / ≥ ${phishing} |`);
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const mode of MODES) {
    const f = report.overall[mode];
    lines.push(`| ${mode === 'both' ? 'rules + classifier' : mode === 'rules' ? 'rules only' : 'classifier only'} | ${auc(f.auc)} | ${pct(f.recallAt1)} | ${pct(f.recallAt05)} | ${pct(f.fprSuspicious)} / ${pct(f.fprPhishing)} | ${pct(f.recallSuspicious)} / ${pct(f.recallPhishing)} |`);
  }
  const table = (title: string, rows: GroupRow[], column = title.startsWith('Per kind') ? 'kind' : 'source'): void => {
    lines.push('', title, '');
    lines.push(`| ${column} | label | n | rules: flagged ≥ ${suspicious} / ≥ ${phishing} (AUC) | classifier only | rules + classifier |`);
    lines.push('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      const cell = (mode: Mode): string => `${pct(r.modes[mode].atSuspicious)} / ${pct(r.modes[mode].atPhishing)} (${auc(r.modes[mode].auc)})`;
      lines.push(`| ${r.group} | ${r.label} | ${r.n} | ${cell('rules')} | ${cell('classifier')} | ${cell('both')} |`);
    }
  };
  table('Per source (held out in turn; "flagged" is the false-positive rate for ham and the recall for phishing; AUC against all messages of the other class)', report.perSource);
  table('Per kind of legitimate mail (false-positive rate; AUC against all phishing)', report.perKind);
  if (report.modernGenuine.perKind.length) {
    table('Modern genuine mail (corpus/modern-genuine), per kind: false-positive rate, every source held out in turn (AUC against all phishing)', report.modernGenuine.perKind, 'kind');
    table('Modern genuine mail (corpus/modern-genuine), per source: false-positive rate when that source was held out (AUC against all phishing)', report.modernGenuine.perSource, 'source');
  }
  return lines.join('\n');
}
