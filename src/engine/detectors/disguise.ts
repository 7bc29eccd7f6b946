import type { Detector } from '../detector.js';
import type { Disguise } from '../disguise.js';
import { ownedOrSentFor } from '../delegates.js';

/**
 * A brand name or a risky ask written so that filters miss it and people do not: invisible characters
 * inside it, Cyrillic/Greek letters among Latin ones, ASCII look-alikes ("PayPaI", "rnicrosoft",
 * "passw0rd") or letters written apart ("T E M U", "Pay.Pal.") — in the display name, the subject or
 * link text (docs/detection.md "Normalisation").
 */
export const disguisedText: Detector = {
  id: 'DISGUISED_TEXT',
  group: 'sender',
  indicator: 'impersonation',
  description: 'A brand name or a risky ask disguised with invisible characters, mixed scripts or look-alike letters in the display name, subject or link text',
  run({ disguises, brands, sender }) {
    // A brand spelling its own name out ("Z A R A" from zara.com) styles it; from anyone else it hides it.
    const styled = (d: Disguise): boolean => d.how === 'letters written apart' && d.brand !== null && !d.ask && ownedOrSentFor(brands, d.brand, sender.domain);
    return disguises.filter((d) => !styled(d)).slice(0, 3).map((d) => {
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
