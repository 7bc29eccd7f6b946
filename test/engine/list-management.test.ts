import { describe, expect, it } from 'vitest';
import { growthRatio, MAX_GROWTH } from '../bounded/growth.js';
import { createLexiconMatcher, categoryOf } from '../../src/engine/lexicon/index.js';
import { withoutListManagement } from '../../src/engine/lexicon/list-management.js';
import { sentenceStarts, words } from '../../src/engine/text/words.js';

const lexicon = createLexiconMatcher();
const categories = (text: string): string[] => {
  const folded = words(text, 400);
  return withoutListManagement(lexicon.find(folded, 200), folded, () => sentenceStarts(text, 400)).map((h) => categoryOf(h.tag));
};

describe('asks of a list-management footer (src/engine/lexicon/list-management.ts)', () => {
  it('the phrases are credential asks without the footer', () => {
    // Guards the test itself: without an unsubscribe word these read as asks.
    expect(categories('Please update your information today.')).toContain('credential');
    expect(categories('Pour mettre à jour vos informations, cliquez ici.')).toContain('credential');
  });

  it('drops a credential ask in the sentence that offers to unsubscribe, before or after it', () => {
    expect(categories("You're receiving this email as a supporter. Please click here if you want to update your information or unsubscribe.")).not.toContain('credential');
    expect(categories('Pour mettre à jour vos informations ou vous désinscrire, cliquez ici.')).not.toContain('credential');
    expect(categories('To unsubscribe or update your information, use the link below.')).not.toContain('credential');
    expect(categories('Update your information or opt out of these emails at any time.')).not.toContain('credential');
  });

  it("keeps a lure's ask when the unsubscribe line is a sentence of its own or far away", () => {
    expect(categories('Update your information within 24 hours to restore access. To unsubscribe from account notices, click here.')).toContain('credential');
    expect(categories('Dear customer, we limited your account. Update your information now to keep using our service and avoid the suspension of everything you have stored with us, then you may unsubscribe.')).toContain('credential');
  });

  it('keeps every other category: a footer takes only credential asks', () => {
    expect(categories('Pay the outstanding invoice now or unsubscribe.')).toContain('payment');
  });

  it('costs linear time however many unsubscribe words and asks a text repeats', async () => {
    const build = (n: number) => {
      const text = 'Unsubscribe. '.repeat(n) + 'Please update your information or unsubscribe. '.repeat(200);
      const folded = words(text, 400_000);
      return { folded, hits: lexicon.find(folded, 200), text };
    };
    const ratio = await growthRatio(build, ({ folded, hits, text }) => withoutListManagement(hits, folded, () => sentenceStarts(text, 400_000)), 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });
});
