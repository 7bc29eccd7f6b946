import { describe, expect, it } from 'vitest';
import { createLexiconMatcher, categoryOf } from '../../src/engine/lexicon/index.js';
import { withoutReportedAsks } from '../../src/engine/lexicon/reported.js';
import { sentenceStarts, words } from '../../src/engine/text/words.js';

const lexicon = createLexiconMatcher();
const categories = (text: string): string[] => {
  const folded = words(text, 400);
  return withoutReportedAsks(lexicon.find(folded, 200), folded, () => sentenceStarts(text, 400)).map((h) => categoryOf(h.tag));
};

describe('asks a scam warning reports (src/engine/lexicon/reported.ts)', () => {
  it('drops an ask in the sentence naming the fake message, or the sentence after it', () => {
    expect(categories('Des faux SMS vous demandent de régler des frais de livraison.')).not.toContain('payment');
    expect(categories('Gefälschte E-Mails sind im Umlauf. Darin werden Sie aufgefordert, Zollgebühren zu bezahlen.')).not.toContain('payment');
    expect(categories('Estafadores piden el pago de gastos de envío.')).not.toContain('payment');
    expect(categories('Amazon gift card scams spike before the holidays.')).not.toContain('giftcard');
  });

  it('keeps the ask of a lure', () => {
    expect(categories('Your parcel is held. Pay the shipping fee of 1.99 today.')).toContain('payment');
    // "protect … from fraudsters" names the threat a lure pretends to guard against.
    expect(categories('To protect your account from unusual activity and fraudsters, we have disabled it. Please verify your account now.')).toContain('credential');
    // A report two sentences back no longer reaches the ask.
    expect(categories('Beware of fake messages. We updated our terms. Please verify your account now.')).toContain('credential');
  });
});
