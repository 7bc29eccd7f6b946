import { describe, expect, it } from 'vitest';
import { emptyMessage } from '../../src/core/message.js';
import { artefactReport } from '../../src/engine/classifier/artefacts.js';
import { messageFeatures } from '../../src/engine/classifier/corpus-features.js';
import { classifierFeatures } from '../../src/engine/classifier/features.js';
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
    expect(f).toContain('w:#num');
  });

  it('reads only the first `chars` characters of the body', () => {
    const f = classifierFeatures({ subject: '', body: `${'alpha '.repeat(10)}omega`, urls: [], attachments: [] }, { chars: 30 });
    expect(f).toContain('w:alpha');
    expect(f).not.toContain('w:omega');
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
  });
});
