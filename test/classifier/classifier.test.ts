import { describe, expect, it } from 'vitest';
import { emptyMessage } from '../../src/core/message.js';
import { artefactReport } from '../../src/engine/classifier/artefacts.js';
import { messageFeatures } from '../../src/engine/classifier/corpus-features.js';
import { classifierFeatures, FEATURE_VERSION } from '../../src/engine/classifier/features.js';
import { loadModel, parseModel, predict, serializeModel } from '../../src/engine/classifier/model.js';
import { SHIPPED_MODEL_PATH } from '../../src/engine/classifier/shipped.js';
import { assignFolds, fitPlatt, trainModel, type TrainingDoc } from '../../src/engine/classifier/train.js';

const features = (subject: string, body: string, urls: string[] = []) => {
  const message = { ...emptyMessage(), subject, text: body, urls };
  return messageFeatures(message, { maxUrls: 50, maxHtmlChars: 100_000, chars: 4000 });
};

describe('classifier features (content only)', () => {
  it('never contains addresses, numbers, dates, link domains (only their TLD) or list tags', () => {
    const f = features('Re: [USRP-users] Meeting on Monday 12 March 2024', 'Mail phishing@pot or jane.doe@example.com before 2024-03-12, see https://lists.example.org/mailman/listinfo?user=jane%40example.com', ['https://www.example.org/login?email=x%40pot.example']);
    const joined = f.join(' ');
    for (const banned of ['pot', 'example', 'jane', '2024', 'monday', 'march', 'usrp', 'lists', 'mailman']) expect(joined, banned).not.toMatch(new RegExp(`[:_]${banned}(\\b|_)`));
    expect(f).toContain('s:meeting');
    expect(f.some((x) => /\d|#num|#alnum/.test(x))).toBe(false);
  });

  it('has no function words, greetings or sign-offs of any lexicon language', () => {
    const notes = [
      'Bonjour Marie, est-ce que tu peux venir au déjeuner de l’équipe jeudi ? Merci, à bientôt',
      'Hallo Jan, kannst du mir bitte die Folien für das Treffen schicken? Danke und viele Grüße',
      'Hola Ana, ¿puedes enviarme el informe para la reunión? Gracias y saludos',
      'Ciao Luca, mi mandi per favore il verbale della riunione? Grazie, a presto',
      'Hoi Piet, kun je me de notulen van de vergadering sturen? Bedankt en groeten',
      'Olá João, você pode me enviar a ata da reunião? Obrigado, abraços',
      'Hi John, can we move our 1:1 to Thursday? Thanks, best regards',
    ];
    const banned = ['bonjour', 'tu', 'merci', 'de', 'hallo', 'du', 'bitte', 'danke', 'hola', 'para', 'gracias', 'ciao', 'per', 'grazie', 'hoi', 'je', 'bedankt', 'ola', 'voce', 'obrigado', 'hi', 'can', 'we', 'our', 'thanks', 'regards'];
    for (const note of notes) {
      const words = features('', note).filter((x) => x.startsWith('w:')).map((x) => x.slice(2));
      for (const word of banned) expect(words, `${word} in "${note}"`).not.toContain(word);
      expect(words.length, note).toBeGreaterThan(0);
    }
  });

  it('ignores boilerplate: unsubscribe, view in browser, social footers, postal and legal lines, quotes, signatures', () => {
    const body = [
      'View this email in your browser',
      'Your order has shipped and will arrive soon.',
      'Follow us on Facebook | Instagram | X',
      'Facebook Twitter Instagram',
      'Unsubscribe | Manage your email preferences',
      '© Example Retail Ltd. All rights reserved.',
      '123 Market Street, Suite 400, San Francisco, CA 94105',
      'Vous recevez cet e-mail car vous êtes inscrit. Se désabonner',
    ].join('\n');
    const words = features('', body).filter((x) => x.startsWith('w:')).map((x) => x.slice(2));
    expect(words).toEqual(expect.arrayContaining(['order', 'shipped', 'arrive', 'soon']));
    for (const word of ['browser', 'unsubscribe', 'facebook', 'instagram', 'rights', 'reserved', 'ltd', 'street', 'suite', 'francisco', 'preferences', 'desabonner', 'inscrit']) expect(words, word).not.toContain(word);
    const reply = features('', 'Sounds good, see you there.\n\nOn Mon, 3 Jun 2024 at 10:00, Jane <jane@example.com> wrote:\n> please verify your password now\n> urgent');
    expect(reply.join(' ')).not.toMatch(/verify|password|urgent|wrote/);
    const signed = features('', 'Here are the minutes.\n-- \nJane Doe\nHead of Procurement\nSent from my iPhone');
    expect(signed.join(' ')).not.toMatch(/procurement|iphone/);
  });

  it('ignores links to social networks and country-code TLDs (a language marker)', () => {
    const f = features('', 'Text of the message that is long enough', ['https://www.facebook.com/example', 'https://x.com/example', 'https://www.example.fr/docs/invoice', 'https://shop.example.xyz/pay']);
    expect(f).toContain('u:tld:xyz');
    expect(f).not.toContain('u:tld:fr');
    expect(f.filter((x) => x.startsWith('u:tld:com'))).toHaveLength(0);
  });

  it('reads only the first `chars` characters of authored text: links and template lines do not use up the budget', () => {
    const f = classifierFeatures({ subject: '', body: `${'alpha '.repeat(10)}omega`, urls: [], attachments: [] }, { chars: 30 });
    expect(f).toContain('w:alpha');
    expect(f).not.toContain('w:omega');
    const newsletter = ['View this email in your browser', `https://click.example.com/${'x'.repeat(80)}`, 'Unsubscribe | Manage preferences', 'Your parcel is on its way'].join('\n');
    expect(classifierFeatures({ subject: '', body: newsletter, urls: [], attachments: [] }, { chars: 60 })).toEqual(expect.arrayContaining(['w:parcel', 'w:way']));
    // Beyond a window of four times the budget nothing is read, however much of it is boilerplate.
    const far = classifierFeatures({ subject: '', body: `${'Unsubscribe\n'.repeat(20)}omega`, urls: [], attachments: [] }, { chars: 30 });
    expect(far).not.toContain('w:omega');
  });
});

describe('training', () => {
  const phish = ['verify your account now or it will be suspended', 'your password expires click here to keep it', 'claim your prize reward gift card today', 'urgent payment required for your parcel customs fee'];
  const ham = ['the build failed on the arm board again', 'minutes of the meeting about the fpga timing', 'patch attached for the driver crash on reboot', 'thanks for the review I pushed a new version'];
  const docs: TrainingDoc[] = [...phish.map((t) => ({ features: features('', t), label: 1 as const })), ...ham.map((t) => ({ features: features('', t), label: 0 as const }))];
  const repeated = Array.from({ length: 5 }, () => docs).flat();

  it('is deterministic and separates the classes', () => {
    const a = trainModel(repeated, { dimBits: 12, calibrationFolds: 2 });
    const b = trainModel(repeated, { dimBits: 12, calibrationFolds: 2 });
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
    expect(predict(a, features('', 'please verify your account it will be suspended')).probability).toBeGreaterThan(0.5);
    expect(predict(a, features('', 'the fpga build is fixed in the new patch')).probability).toBeLessThan(0.5);
  });

  it('serialises compactly and round-trips', () => {
    const model = trainModel(repeated, { dimBits: 12, calibrationFolds: 0 });
    const back = parseModel(serializeModel(model), 'test');
    const probe = features('', 'verify your account');
    expect(predict(back, probe).probability).toBeCloseTo(predict(model, probe).probability, 3);
    expect(() => parseModel('{"format":"other"}', 'x')).toThrow(/unknown format/);
  });

  it('refuses a model trained with another feature version, saying what to do', () => {
    const model = trainModel(repeated, { dimBits: 12, calibrationFolds: 0 });
    const file = JSON.parse(serializeModel(model)) as { featureVersion: number };
    file.featureVersion = FEATURE_VERSION - 1;
    expect(() => parseModel(JSON.stringify(file), 'old.json')).toThrow(new RegExp(`old.json was trained with feature version ${FEATURE_VERSION - 1}.*computes feature version ${FEATURE_VERSION}.*[Rr]etrain`));
  });

  it('gives no weight to words of a language without legitimate training mail', () => {
    // Phishing in French and English, legitimate mail only in English: French words must stay neutral.
    const doc = (text: string, label: 0 | 1, language: string): TrainingDoc => ({ features: features('', text), label, language });
    const training = [
      ...Array.from({ length: 6 }, () => doc('verifiez votre compte bancaire maintenant equipe securite', 1, 'fr')),
      ...Array.from({ length: 6 }, () => doc('verify your bank account now security team', 1, 'en')),
      ...Array.from({ length: 25 }, () => doc('the fpga build log and the driver patch for review', 0, 'en')),
    ];
    const model = trainModel(training, { dimBits: 14, calibrationFolds: 0 });
    expect(model.training.languages).toEqual(['en']);
    const french = predict(model, features('', 'equipe maintenant'));
    const neutral = predict(model, features('', 'zzqx'));
    expect(french.margin).toBeCloseTo(neutral.margin, 6);
    expect(predict(model, features('', 'verify bank account')).margin).toBeGreaterThan(neutral.margin + 0.5);
  });

  it('refuses too little data', () => {
    expect(() => trainModel(docs.slice(0, 3))).toThrow(/at least two/);
  });

  it('stratified folds and Platt scaling', () => {
    const folds = assignFolds([1, 1, 1, 1, 0, 0, 0, 0], 2, 1);
    expect(folds.filter((f, i) => f === 0 && i < 4)).toHaveLength(2);
    const platt = fitPlatt([...Array(50).fill({ margin: 2, label: 1 }), ...Array(50).fill({ margin: -2, label: 0 }), { margin: 2, label: 0 }, { margin: -2, label: 1 }]);
    expect(platt.a).toBeGreaterThan(0);
  });

  it('the artefact check flags collection artefacts', () => {
    const model = trainModel([...repeated, ...Array.from({ length: 5 }, () => ({ features: ['w:lfdr', 'w:taint'], label: 0 as const }))], { dimBits: 12, calibrationFolds: 0 });
    expect(artefactReport(model, ['w:lfdr', 'w:taint', 'w:verify'], 5).warnings.join(' ')).toMatch(/lfdr.*taint|taint.*lfdr/s);
  });
});

describe('shipped model', () => {
  it('loads, is small and says what it was trained on', () => {
    const model = loadModel(SHIPPED_MODEL_PATH);
    expect(model.dimBits).toBeLessThanOrEqual(20);
    expect(model.training.phishing).toBeGreaterThan(100);
    expect(model.training.description).toMatch(/phishing_pot/);
    expect(model.featureVersion).toBe(FEATURE_VERSION);
    // Provenance: both corpora, content-only view, per-source counts and the command that rebuilds it.
    expect(model.training.corpora?.join(' ')).toMatch(/dev.*content-only view.*train-extra.*content-only view/);
    expect(model.training.sources?.some((s) => s.source === 'hephaestos/phishfinder' && s.label === 'phishing')).toBe(true);
    expect(model.training.sources?.reduce((n, s) => n + s.n, 0)).toBe(model.training.phishing + model.training.ham);
    expect(model.training.command).toMatch(/^npm run train/);
  });
});
