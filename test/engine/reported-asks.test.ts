import { describe, expect, it } from 'vitest';
import { growthRatio, MAX_GROWTH } from '../bounded/growth.js';
import { createLexiconMatcher, categoryOf } from '../../src/engine/lexicon/index.js';
import { withoutReportedAsks } from '../../src/engine/lexicon/reported.js';
import { sentenceStarts, words } from '../../src/engine/text/words.js';

const lexicon = createLexiconMatcher();
const categories = (text: string): string[] => {
  const folded = words(text, 400);
  return withoutReportedAsks(lexicon.find(folded, 200), folded, () => sentenceStarts(text, 400)).map((h) => categoryOf(h.tag));
};

describe('asks a scam warning reports (src/engine/lexicon/reported.ts)', () => {
  it('drops an ask after the word naming the fake message, in its sentence or, for fake messages, the next one', () => {
    expect(categories('Des faux SMS vous demandent de régler des frais de livraison.')).not.toContain('payment');
    expect(categories('Gefälschte E-Mails sind im Umlauf. Darin werden Sie aufgefordert, Zollgebühren zu bezahlen.')).not.toContain('payment');
    expect(categories('Estafadores piden el pago de gastos de envío.')).not.toContain('payment');
    expect(categories('Scammers ask for Amazon gift cards before the holidays.')).not.toContain('giftcard');
  });

  it('keeps the ask of a lure', () => {
    expect(categories('Your parcel is held. Pay the shipping fee of 1.99 today.')).toContain('payment');
    // "protect … from fraudsters" names the threat a lure pretends to guard against.
    expect(categories('To protect your account from unusual activity and fraudsters, we have disabled it. Please verify your account now.')).toContain('credential');
    // A lure's own reassurance is no report: "not a scam", "pas une arnaque", "kein Fake", "geen oplichting".
    expect(categories('This is not a scam. Please verify your account now.')).toContain('credential');
    expect(categories("Ce n'est pas une arnaque : réglez les frais de livraison aujourd'hui.")).toContain('payment');
    expect(categories('Isto não é golpe, pague a taxa de envio hoje.')).toContain('payment');
    // A lure's security alert names an attempt or its author, then asks in the next sentence: the ask stands.
    expect(categories('We blocked a phishing attempt on your account today. Please confirm your identity to secure it.')).toContain('credential');
    expect(categories('Betrüger haben versucht, auf Ihr Konto zuzugreifen. Bestätigen Sie Ihre Daten.')).toContain('credential');
    // A report word after the ask reports nothing: "… to block the scammer".
    expect(categories('Confirmez vos coordonnées bancaires pour bloquer l\'escroc.')).toContain('credential');
    // A report two sentences back no longer reaches the ask.
    expect(categories('Beware of fake messages. We updated our terms. Please verify your account now.')).toContain('credential');
  });

  it('drops a scam story its own sentence calls a scam or a fraud, on either side of it', () => {
    expect(categories('Regulators warn of a surge in crypto investment scams promising guaranteed returns.')).not.toContain('scam');
    expect(categories('Regulators warn of a surge in crypto investment scams promising guaranteed returns.')).not.toContain('prize');
    expect(categories('FBI: crypto investment fraud cost victims $5.6bn.')).not.toContain('scam');
    expect(categories('Watch out for fake lottery notices asking a fee to release your winnings.')).not.toContain('prize');
    expect(categories('Les arnaques aux faux héritiers promettent la libération des fonds contre des frais.')).not.toContain('scam');
  });

  it('keeps the story of a scam offer', () => {
    // Its own sentence denies the word or guards against it.
    expect(categories('This is not a scam: double your bitcoin in 24 hours.')).toContain('prize');
    expect(categories('To protect you from scams, claim your airdrop on the official page.')).toContain('crypto');
    // A warning in one sentence, the offer in the next.
    expect(categories('Beware of fake airdrop sites. Claim your airdrop allocation on our official page.')).toContain('crypto');
    // "fraud" near an ask leaves the ask: a lure's "we detected fraud, verify your account".
    expect(categories('We detected fraud on your card, please verify your account now.')).toContain('credential');
  });

  it('costs linear time however many report words, sentences and asks a text repeats', async () => {
    const build = (n: number) => {
      const text = 'Fake. '.repeat(n) + 'Fake. Please verify your account password. '.repeat(200);
      const folded = words(text, 400_000);
      return { folded, hits: lexicon.find(folded, 200), text };
    };
    const ratio = await growthRatio(build, ({ folded, hits, text }) => withoutReportedAsks(hits, folded, () => sentenceStarts(text, 400_000)), 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('costs linear time however many report words surround the scam stories a text repeats', async () => {
    const build = (n: number) => {
      const text = 'Scams fraud. '.repeat(n) + 'Scams and fraud: crypto investment scams, guaranteed returns, fraud. '.repeat(200);
      const folded = words(text, 400_000);
      return { folded, hits: lexicon.find(folded, 200), text };
    };
    const ratio = await growthRatio(build, ({ folded, hits, text }) => withoutReportedAsks(hits, folded, () => sentenceStarts(text, 400_000)), 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });
});
