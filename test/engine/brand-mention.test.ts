import { describe, expect, it } from 'vitest';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { accountClaims, claimingMentions, presentedMentions } from '../../src/engine/brand-mention.js';
import { wordViews } from '../../src/engine/text/words.js';

/** Claim versus mention (docs/detection.md "Who does the mail claim to be?"), read on the words of one sentence. */
describe('claim versus mention', () => {
  const brands = new BrandIndex();
  const claimed = (text: string): string[] => {
    const { folded, raw } = wordViews(text);
    return [...claimingMentions(folded, brands.mentionSpans(folded, raw)).keys()].map((b) => b.name).sort();
  };

  it('a brand named as the way to pay is a mention', () => {
    expect(claimed('You can now pay with PayPal at checkout')).toEqual([]);
    expect(claimed('Ab sofort können Sie mit PayPal bezahlen')).toEqual([]);
    expect(claimed('Paiement par PayPal accepté')).toEqual([]);
    expect(claimed('We accept Apple Pay')).toEqual([]);
  });

  it('a shop where an offer holds, a partner programme, a co-brand and a list of shops are mentions', () => {
    expect(claimed('15% off at Apple for employees')).toEqual([]);
    expect(claimed('10 % Rabatt bei Zalando')).toEqual([]);
    expect(claimed('Amazon Benefits for Northwind staff')).toEqual([]);
    expect(claimed('your PayPal Cashback Mastercard statement')).toEqual([]);
    expect(claimed('jusqu’à 8 % chez Fnac, Zalando, Decathlon et Amazon')).toEqual([]);
  });

  it('"your <brand> account" is a claim whatever surrounds it, and a brand named alone still counts', () => {
    expect(claimed('Your PayPal account is limited')).toEqual(['PayPal']);
    expect(claimed('Ihr PayPal-Konto wurde eingeschränkt')).toEqual(['PayPal']);
    expect(claimed('Votre compte PayPal est limité')).toEqual(['PayPal']);
    expect(claimed('sign in to your PayPal account at checkout')).toEqual(['PayPal']);
    expect(claimed('Thank you, the PayPal team')).toEqual(['PayPal']);
  });

  it('two names side by side are one name unless a payment scheme is among them or the list goes on; a sum to spend at a shop is its gift card', () => {
    expect(claimed('Lloyds TSB regular verification')).toEqual(['Lloyds Bank', 'TSB']);
    expect(claimed('Neu bei uns: Amazon, Zalando und mehr')).toEqual([]);
    expect(claimed('How will you spend your 500 at eBay')).toEqual(['eBay']);
  });

  it('a brand right after the sender\'s own name, as its domain spells it, is the topic of what it publishes', () => {
    const own = (text: string, ownName: string, presented = false): string[] => {
      const { folded, raw } = wordViews(text);
      const spans = brands.mentionSpans(folded, raw);
      return [...(presented ? presentedMentions(folded, spans, ownName) : claimingMentions(folded, spans, ownName)).keys()].map((b) => b.name).sort();
    };
    expect(own('Lockergnome Apple Core', 'lockergnome', true)).toEqual([]);
    expect(own('[Byte Garden Apple Digest] Spotlight tricks', 'bytegarden')).toEqual([]);
    // Elsewhere in the same words, without the own name in front, the brand still counts.
    expect(own('Lockergnome Apple Core: news from Apple', 'lockergnome', true)).toEqual(['Apple']);
    // No own name given (free-mail, an ask, an offer), a short label, or a label built on the brand's name.
    expect(own('Lockergnome Apple Core', '', true)).toEqual(['Apple']);
    expect(own('Macly Apple', 'macly', true)).toEqual(['Apple']);
    expect(own('Applenewsdesk Apple', 'applenewsdesk', true)).toEqual(['Apple']);
    // "your <brand> account" stays a claim after the own name too.
    expect(own('Cloudnotice your Apple ID is locked', 'cloudnotice')).toEqual(['Apple']);
  });

  it('"your <brand> account" adds a claim of its own, unless the account is only the way to sign in or pay', () => {
    const addressed = (text: string): string[] => {
      const { folded, raw } = wordViews(text);
      return [...accountClaims(folded, brands.mentionSpans(folded, raw)).keys()].map((b) => b.name).sort();
    };
    expect(addressed('Your Facebook Page has been reported')).toEqual(['Meta / Facebook']);
    expect(addressed('Ihre Facebook-Seite wird gelöscht')).toEqual(['Meta / Facebook']);
    expect(addressed('Su página de Facebook ha sido denunciada')).toEqual(['Meta / Facebook']);
    expect(addressed('Votre compte PayPal est limité')).toEqual(['PayPal']);
    expect(addressed('Sign in with your Google account')).toEqual([]);
    expect(addressed('Die Zahlung erfolgt über Ihr Amazon-Konto')).toEqual([]);
    expect(addressed('Pay using your PayPal account')).toEqual([]);
    // A brand merely named is no address to its customer.
    expect(addressed('Facebook announced new features')).toEqual([]);
  });

  it('"Meta" is the company only as written, capitalised', () => {
    expect(claimed('Thank you, Meta Support')).toEqual(['Meta / Facebook']);
    expect(claimed('improve your meta description')).toEqual([]);
  });
});
