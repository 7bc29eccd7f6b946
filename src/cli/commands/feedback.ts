import { mkdirSync, readdirSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, positiveIntFlag, UsageError, writeJson, type CommandHandler } from '../io.js';
import { withRuntime } from '../runtime.js';

const USAGE = 'usage: phishgate feedback export DIR [--tenant ID] [--max N]';

const exportOptions = {
  tenant: { type: 'string', value: 'ID', description: "only this tenant's labelled messages (default: every tenant's)" },
  max: { type: 'string', value: 'N', description: 'at most N messages, newest label first (default: learning.max_feedback)' },
} as const;

/**
 * `phishgate feedback export DIR` (docs/recipients.md, "Exporting feedback"): the labelled messages as a
 * corpus in the project's layout — `DIR/phish/NNNNN.eml`, `DIR/ham/NNNNN.eml` and `DIR/labels.jsonl` —
 * that `npm run train`, `npm run eval` and `phishgate train --tenant --base` read. DIR must be new or empty.
 */
const exportCommand: CommandHandler = async (argv, io) => {
  const { values, positionals } = parseCommandArgs(argv, exportOptions, true);
  if (positionals.length !== 1) throw new UsageError(`expected one DIR; ${USAGE}`);
  const dir = resolve(io.cwd, positionals[0]!);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new UsageError(`${dir} is not empty; export into a new or empty folder`);
  const { loadConfig } = await import('../../config/loader.js');
  const max = positiveIntFlag('max', values.max, loadConfig({ env: io.env }).learning.max_feedback);
  const counts = { phishing: 0, ham: 0, truncated: 0 };
  mkdirSync(join(dir, 'phish'), { recursive: true });
  mkdirSync(join(dir, 'ham'), { recursive: true });
  const labels = join(dir, 'labels.jsonl');
  writeFileSync(labels, '');
  await withRuntime(io, async (rt) => {
    if (values.tenant !== undefined) await rt.services.tenants.get(values.tenant);
    for await (const item of rt.services.labelledFeedback(values.tenant ?? null, max)) {
      const n = ++counts[item.label];
      const file = `${item.label === 'phishing' ? 'phish' : 'ham'}/${String(n).padStart(5, '0')}.eml`;
      writeFileSync(join(dir, file), item.raw);
      if (item.truncated) counts.truncated++;
      const line = {
        file,
        label: item.label,
        source: `phishgate-feedback:${item.tenantId}/${item.id}`,
        tenant: item.tenantId,
        analysis_id: item.analysisId,
        labelled_by: item.source,
        verdict: item.verdict,
        labelled_at: item.updatedAt,
        truncated: item.truncated,
        sha256: item.sha256,
      };
      appendFileSync(labels, `${JSON.stringify(line)}\n`);
    }
  });
  writeJson(io, { dir, messages: counts.phishing + counts.ham, phishing: counts.phishing, ham: counts.ham, truncated: counts.truncated });
  return 0;
};

export const feedbackSpecs: CommandSpec[] = [
  {
    name: 'feedback export',
    summary: 'write the labelled messages as a corpus (labels.jsonl, phish/, ham/) for training and evaluation',
    args: 'DIR',
    options: exportOptions,
    details: ['DIR must be new or empty. Only labels whose message phishgate kept (quarantined and reported mail), live mode, each distinct message once. Prints the counts.'],
    examples: ['phishgate feedback export /srv/phishgate/feedback-2026-11 --tenant tn_…'],
    run: exportCommand,
  },
];
