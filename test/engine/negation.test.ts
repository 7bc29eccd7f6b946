import { describe, expect, it } from 'vitest';
import { createLexiconMatcher, categoryOf } from '../../src/engine/lexicon/index.js';
import { withoutNegated } from '../../src/engine/lexicon/negation.js';
import { sentenceStarts, words } from '../../src/engine/text/words.js';

const lexicon = createLexiconMatcher();
const categories = (text: string): string[] => {
  const folded = words(text, 400);
  return withoutNegated(lexicon.find(folded, 200), folded, () => sentenceStarts(text, 400)).map((h) => categoryOf(h.tag));
};

describe('negated phrases (src/engine/lexicon/negation.ts)', () => {
  it('drops pressure under a plain negation, in several languages', () => {
    for (const text of ["Tu peux me faire un virement quand tu veux, y a pas d'urgence.", 'Das ist nicht dringend, melde dich nächste Woche.', 'No es urgente, cuando puedas.', 'Non è urgente, con calma.', 'Het is niet dringend.', 'Não é urgente, quando puder.']) {
      expect(categories(text), text).not.toContain('urgency');
    }
  });

  it('keeps pressure that is not negated', () => {
    for (const text of ["C'est une urgence, répondez immédiatement.", 'If a redelivery is not scheduled within 48 hours, the parcel is returned.', 'Bitte dringend überweisen.', 'Es urgente, responda hoy.', 'È urgente, rispondi subito.']) {
      expect(categories(text), text).toContain('urgency');
    }
  });

  it('drops an ask a few words after "never" (a bank\'s warning), keeps the same ask otherwise', () => {
    expect(categories('A Caixa nunca lhe pede códigos ou dados de acesso por e-mail.')).not.toContain('credential');
    expect(categories('We will never ask you to confirm your password by e-mail.')).not.toContain('credential');
    expect(categories('Please confirm your password to keep your mailbox.')).toContain('credential');
    // "Never" in the basic lexicons' languages too: the same ask is one without it.
    for (const [warning, ask] of [
      ['Nordea ei koskaan pyydä: vahvista tietosi sähköpostilla.', 'Vahvista tietosi tänään.'],
      ['Nu vă vom cere niciodată să confirmați datele cardului.', 'Confirmați datele cardului astăzi.'],
      ['Никогда не подтвердите данные карты по ссылке из письма.', 'Подтвердите данные карты сегодня.'],
    ]) {
      expect(categories(warning!), warning).not.toContain('credential');
      expect(categories(ask!), ask).toContain('credential');
    }
    // "Do not ignore this: verify your account" stays an ask: only "never" reaches that far.
    expect(categories('Do not ignore this message, verify your account today.')).toContain('credential');
  });

  it('a "never" covers the list it opens to the end of its sentence', () => {
    expect(categories("Le service client d'Amazon ne vous demandera jamais de révéler votre mot de passe, votre OTP, votre carte de crédit ou vos informations bancaires.")).not.toContain('credential');
    expect(categories('We will never ask you to share your password, your one-time code, your card number or your bank account details.')).not.toContain('credential');
  });

  it('a negation reaches only within its sentence: a disclaimer does not undo the ask after it', () => {
    expect(categories('We will never ask for your PIN. Confirm your account details today.')).toContain('credential');
    expect(categories('Wir werden Sie niemals nach Ihrer PIN fragen!  Bestätigen Sie Ihre Daten heute.')).toContain('credential');
    expect(categories('Ce n\'est pas urgent.\n\nUrgent : vérifiez votre compte.')).toContain('urgency');
    // Within one sentence it still reads as the warning it is; "3.5" and "bank.com" do not end a sentence.
    expect(categories('Version 3.5 of bank.com will never ask you to confirm your password by e-mail.')).not.toContain('credential');
  });

  it('finds where sentences open, in word indices', () => {
    expect(sentenceStarts('One two. Three? Four\n\nfive six\nseven 3.5 a.b')).toEqual([2, 3, 4]);
  });
});
