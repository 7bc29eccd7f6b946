import { describe, expect, it } from 'vitest';
import type { DetectorInput } from '../../src/engine/detector.js';
import { genericGreeting } from '../../src/engine/detectors/language.js';
import { createLexiconMatcher } from '../../src/engine/lexicon/index.js';
import { words } from '../../src/engine/text/words.js';

const lexicon = createLexiconMatcher();
const run = (to: string, body: string) =>
  genericGreeting.run({ message: { to: [{ address: to, name: '' }] }, bodyText: body, phrases: lexicon.find(words(body), 200) } as unknown as DetectorInput);

describe('GENERIC_GREETING fires on form letters only', () => {
  it.each([
    ['john@example.com', 'Hi John, can we move our 1:1 to Thursday?'],
    ['marie@example.fr', 'Bonjour Marie, le déjeuner d’équipe est décalé à vendredi.'],
    ['jan@example.nl', 'Hallo Jan, zullen we morgen bellen?'],
    ['a.rossi@example.it', 'Sehr geehrte Damen und Herren, anbei unsere Rechnung.'],
  ])('not for %s greeted by name: %s', (to, body) => {
    expect(run(to, body)).toEqual([]);
  });

  it.each([
    ['user@example.com', 'Dear user@example.com, your mailbox is full.'],
    ['jdoe84@example.com', 'Hello jdoe84, your account needs attention.'],
    ['info@example.com', 'Dear info, your invoice is attached.'],
    ['anna@example.com', 'Dear Customer, your parcel is waiting.'],
    ['anna@example.com', 'Hello client, we could not process your payment.'],
    ['pierre@example.fr', 'Cher client, votre colis est en attente.'],
  ])('for %s: %s', (to, body) => {
    expect(run(to, body)).toHaveLength(1);
  });
});
