/**
 * Where the engine's CPU time goes, by stage (bench-rspamd.ts --profile): V8's sampling profiler over
 * parse + analyze of every message on this thread, after a warm-up, with each sample's own time
 * counted to the stage its function's file belongs to. A stage here is a group of files: the mail
 * parser (mailparser and its decoders, src/mail), HTML and link facts (htmlparser2, linkify, tldts,
 * src/engine/facts), detectors, lexicons and text matching, the classifier, scoring and judgement,
 * V8's garbage collector, and the rest.
 */
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const STAGES: Array<[string, RegExp]> = [
  ['mail parser (mailparser, libmime, iconv, src/mail)', /node_modules\/(mailparser|libmime|libqp|libbase64|iconv-lite|encoding-japanese|@zone-eu|punycode)|\/src\/mail\//],
  ['HTML and links (htmlparser2, linkify, tldts, facts)', /node_modules\/(htmlparser2|domhandler|domutils|dom-serializer|entities|linkify|tldts)|\/src\/engine\/(facts|forwarded|user-content|social)/],
  ['detectors (src/engine/detectors)', /\/src\/engine\/detectors\//],
  ['lexicons and text (lexicon, text, phrase matcher)', /\/src\/engine\/(lexicon|text)\//],
  ['classifier (src/engine/classifier)', /\/src\/engine\/classifier\//],
  ['brands, scoring, judgement (rest of src/engine)', /\/src\/engine\//],
  ['other project code (src/core, …)', /\/src\//],
];

function stageOf(node: ProfileNode): string | null {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(idle)') return null;
  if (functionName === '(program)') return 'V8 and Node internals';
  for (const [name, pattern] of STAGES) if (pattern.test(url)) return name;
  return url.startsWith('node:') || url === '' ? 'V8 and Node internals' : 'other packages';
}

/** Runs `work` under the profiler; returns each stage's share of the samples and the total sampled CPU. */
export async function profileStages(work: () => Promise<void>): Promise<{ totalMs: number; stages: Array<{ stage: string; ms: number; share: number }> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await work();
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  // Idle time is not work: the samples while the event loop waited are left out (stageOf gives null).
  profile.samples.forEach((id, i) => {
    const stage = stageOf(byId.get(id)!);
    if (stage === null) return;
    ms.set(stage, (ms.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const totalMs = [...ms.values()].reduce((a, b) => a + b, 0);
  return { totalMs, stages: [...ms.entries()].map(([stage, t]) => ({ stage, ms: t, share: t / totalMs })).sort((a, b) => b.ms - a.ms) };
}
