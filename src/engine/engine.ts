import { recommendationFor, type EngineResult, type FoundUrl, type Indicators, type RuleHit, type Verdict } from '../core/analysis.js';
import type { NormalizedMessage } from '../core/message.js';
import type { Config } from '../config/schema.js';
import { senderAuth } from '../mail/auth-results.js';
import type { Detector, DetectorHit, DetectorInput } from './detector.js';
import { decideLists } from './lists.js';
import { DETECTORS } from './registry.js';
import type { AnalysisContext, Engine } from './types.js';
import { collectUrls } from './urls.js';

export const ENGINE_VERSION = '0.1.0';

export interface EngineDeps {
  config: Config['engine'];
  detectors?: readonly Detector[];
  /** Called when a detector throws: it scores nothing, the analysis goes on. */
  onDetectorError?: (id: string, error: unknown) => void;
}

function domainOfUrl(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function createEngine(deps: EngineDeps): Engine {
  const detectors = deps.detectors ?? DETECTORS;
  const { weights, thresholds } = deps.config;
  for (const detector of detectors) {
    if (weights[detector.id] === undefined) throw new Error(`engine.weights has no weight for rule ${detector.id}`);
  }
  const model = `phishgate-local-${ENGINE_VERSION}`;
  const verdictOf = (score: number): Verdict =>
    score >= thresholds.phishing ? 'phishing' : score >= thresholds.suspicious ? 'suspicious' : 'safe';

  async function analyze(message: NormalizedMessage, ctx: AnalysisContext): Promise<EngineResult> {
    const auth = senderAuth(message.headers, message.authHints);
    const urls = collectUrls(message, deps.config.limits.max_urls);
    const indicators: Indicators = { impersonation: false, urgency_pressure: false, suspicious_links: false, credential_request: false, brand_spoofing: null };
    const found: FoundUrl[] = urls.map((url) => ({ url, domain: domainOfUrl(url), flags: [] }));

    const lists = decideLists(message, ctx.blockList, ctx.allowList, auth);
    if (lists.kind !== 'none') {
      const score = lists.kind === 'blocked' ? 0.95 : 0;
      const verdict: Verdict = lists.kind === 'blocked' ? 'phishing' : 'safe';
      return { verdict, score, confidence: 1, model, reasons: [lists.reason], indicators, recommendation: recommendationFor(verdict), urls: found, coverage: [], rules: [] };
    }

    const input: DetectorInput = { message, ctx, auth, urls, text: `${message.subject}\n${message.text}` };
    const rules: RuleHit[] = [];
    for (const detector of detectors) {
      let hits: DetectorHit[];
      try {
        hits = detector.run(input);
      } catch (error) {
        deps.onDetectorError?.(detector.id, error);
        continue;
      }
      const strongest = hits.reduce<DetectorHit | undefined>((best, h) => (!best || h.strength > best.strength ? h : best), undefined);
      if (!strongest) continue;
      rules.push({ id: detector.id, strength: strongest.strength, weight: (weights[detector.id] ?? 0) * strongest.strength, reason: strongest.reason });
      if (detector.indicator) indicators[detector.indicator] = true;
      for (const hit of hits) {
        const url = hit.url && found.find((f) => f.url === hit.url);
        if (url && hit.flag && !url.flags.includes(hit.flag)) url.flags.push(hit.flag);
      }
    }
    rules.sort((a, b) => b.weight - a.weight);
    const raw = rules.reduce((sum, r) => sum + Math.max(0, r.weight), 0);
    // Saturating map of the summed weights onto [0, 1): each extra rule adds less.
    const score = Math.round((1 - Math.exp(-raw / 3)) * 1000) / 1000;
    const verdict = verdictOf(score);
    const distance = Math.min(Math.abs(score - thresholds.phishing), Math.abs(score - thresholds.suspicious));
    const confidence = Math.round(Math.min(1, 0.5 + distance) * 1000) / 1000;
    const reasons = rules.length ? rules.map((r) => r.reason) : ['No phishing indicators found'];
    return { verdict, score, confidence, model, reasons: [...reasons, ...lists.notes], indicators, recommendation: recommendationFor(verdict), urls: found, coverage: [], rules };
  }

  return { version: ENGINE_VERSION, analyze };
}
