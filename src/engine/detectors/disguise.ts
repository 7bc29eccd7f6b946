import type { Detector } from '../detector.js';

/**
 * A brand name or a risky ask written so that filters miss it and people do not: invisible characters
 * inside it, Cyrillic/Greek letters among Latin ones, or ASCII look-alikes ("PayPaI", "rnicrosoft",
 * "passw0rd") — in the display name, the subject or link text (docs/detection.md "Normalisation").
 */
export const disguisedText: Detector = {
  id: 'DISGUISED_TEXT',
  group: 'sender',
  indicator: 'impersonation',
  description: 'A brand name or a risky ask disguised with invisible characters, mixed scripts or look-alike letters in the display name, subject or link text',
  run({ disguises }) {
    return disguises.slice(0, 3).map((d) => {
      const what = d.brand ? d.brand.name : d.ask ? `"${d.ask}"` : 'its words';
      const strength = !d.brand && !d.ask ? 0.6 : d.where === 'link text' ? 0.8 : 1;
      return {
        strength,
        reason: `The ${d.where} "${d.shown.replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '')}" disguises ${what} with ${d.how}`,
        ...(d.brand ? { brand: d.brand.name } : {}),
      };
    });
  },
};
