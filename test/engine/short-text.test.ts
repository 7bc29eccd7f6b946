import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEngine } from '../../src/engine/engine.js';
import { evidenceFactor, FULL_EVIDENCE_WORDS } from '../../src/engine/classifier/stage.js';
import { messageFromFields } from '../../src/mail/message-from-fields.js';

const engine = createEngine({ config: loadConfig({ env: {} }).engine });
const ctx = { allowList: [], blockList: [], tenantDomains: [], now: Date.parse('2026-11-15T12:00:00Z') };
const analyse = async (subject: string, body_text: string) => engine.analyze(await messageFromFields({ subject, from: 'a@b.example', body_text }), ctx);

/**
 * The classifier learned from long mail; on a few words it used to be confidently wrong ("see you
 * tomorrow" scored 0.95 phishing). Its weight now grows with the text it saw (docs/detection.md).
 */
describe('classifier evidence on short texts', () => {
  it('scales with distinct subject and body words, from nothing to full weight', () => {
    expect(evidenceFactor(['w:#empty'])).toEqual({ words: 0, factor: 0 });
    expect(evidenceFactor(['s:hello', 'w:see', 'w:you', 'b:see_you', 'u:ip'])).toEqual({ words: 3, factor: 3 / FULL_EVIDENCE_WORDS });
    const many = Array.from({ length: 60 }, (_, i) => `w:word${i}`);
    expect(evidenceFactor(many).factor).toBe(1);
  });

  it.each([
    ['Hello', 'see you tomorrow'],
    ['hi', 'hello'],
    ['s', 'b'],
    ['Lunch', 'See you at noon.'],
  ])('judges the short note %j / %j safe and says why in coverage', async (subject, body) => {
    const result = await analyse(subject, body);
    expect(result.verdict).toBe('safe');
    expect(result.coverage.some((c) => /distinct words of text: the classifier's weight was reduced/.test(c))).toBe(true);
    expect(result.reasons.join(' ')).not.toMatch(/statistical classifier/);
  });

  it('still lets rules catch a short phishing message', async () => {
    const result = await analyse('Urgent', 'Verify your account now: http://198.51.100.23/login');
    expect(result.verdict).not.toBe('safe');
    expect(result.rules.map((r) => r.id)).toContain('URL_IP_HOST');
  });

  it('gives the classifier full weight on a long text (no coverage note)', async () => {
    const body =
      'Thanks for sending the meeting notes from Tuesday. I went through the action items and updated the project schedule; the new version is on the shared drive under planning. Could you check whether the dates for the hardware review still work for your team? If not, we can move it to the following week, after the firmware release and the supplier visit.';
    expect(evidenceFactor(body.toLowerCase().match(/[a-z]{2,}/g)!.map((w) => `w:${w}`).filter((w, i, all) => all.indexOf(w) === i)).factor).toBe(1);
    const result = await analyse('Quarterly review notes', body);
    expect(result.coverage.some((c) => /distinct words/.test(c))).toBe(false);
  });
});
