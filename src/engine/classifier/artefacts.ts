import type { ClassifierModel } from './model.js';
import { topFeatures } from './train.js';

/**
 * Corpus artefacts a content classifier must never key on (corpus README, "Known biases"): collection
 * hosts, the honeypot's trap address and the neutral recipient that replaces it, receiving-side header
 * names, years and mailer names. Checked on the strongest features after every training.
 */
const ARTEFACTS: ReadonlyArray<[RegExp, string]> = [
  [/lfdr/, 'public-inbox collector host (lfdr.de)'],
  [/taint/, "SpamAssassin's address obfuscation (taint.org)"],
  [/\bpot\b|phishing_pot|^[a-z0-9]+:pot$/, 'honeypot trap address (phishing@pot)'],
  [/rodrigo|peixoto|ferreira/, "the honeypot owner's name (phishing_pot greets its collector by name)"],
  [/nazario|monkey|jose\b/, "the Nazario corpus's collector (jose@monkey.org)"],
  [/recipient|example_net|^[a-z0-9]+:example$/, 'neutral recipient of the content-only view'],
  [/exchange|antispam|x_ms|forefront|outlook_com|protection/, 'receiving-side (Microsoft) headers'],
  [/(^|[:_])(19|20)\d\d($|_)/, 'a year'],
  [/mailer|mutt|exmh|outlook_express|thunderbird/, 'a mailer name'],
  [/message_id|received|list_id|list_unsubscribe/, 'a trace or list header name'],
];

export interface ArtefactReport {
  phishing: Array<[string, number]>;
  ham: Array<[string, number]>;
  warnings: string[];
}

/** Top-weighted features of both classes plus a warning for each that looks like a corpus artefact. */
export function artefactReport(model: ClassifierModel, vocabulary: Iterable<string>, n = 40): ArtefactReport {
  const top = topFeatures(model, vocabulary, n);
  const warnings: string[] = [];
  for (const [feature, weight] of [...top.phishing, ...top.ham]) {
    const normalised = feature.toLowerCase().replace(/[^a-z0-9:#]+/g, '_');
    for (const [pattern, what] of ARTEFACTS) {
      if (pattern.test(normalised)) warnings.push(`feature ${feature} (weight ${weight.toFixed(2)}) looks like ${what}`);
    }
  }
  return { ...top, warnings };
}
