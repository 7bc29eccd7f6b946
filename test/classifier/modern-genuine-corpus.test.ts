import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { defaultCorpora, loadCorpora, loadLabelledCorpus, MODERN_GENUINE_NAME, withoutCollectorNames } from '../../scripts/lib/corpus.js';
import { buildReport, formatReport } from '../../scripts/lib/loso-report.js';
import { losoFolds, prepare, runLoso } from '../../scripts/lib/loso.js';

/**
 * corpus/modern-genuine in the loop (docs/detection.md, "Held out by source, with modern genuine mail"):
 * found in the project next to the shared corpora, each of its sources its own fold, its false-positive
 * rate reported per kind and per source. Synthetic folders in the labels.jsonl layout stand in for the corpora.
 */
const root = mkdtempSync(join(tmpdir(), 'phishgate-modern-genuine-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function corpusFolder(name: string, records: Array<{ label: string; source: string; kind?: string; lang?: string; body: string }>, options: { withFiles?: boolean } = {}): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'ham'), { recursive: true });
  mkdirSync(join(dir, 'phish'), { recursive: true });
  const lines = records.map((r, i) => {
    const file = `${r.label === 'phishing' ? 'phish' : 'ham'}/${String(i + 1).padStart(5, '0')}.eml`;
    if (options.withFiles !== false) writeFileSync(join(dir, file), `From: news@${r.source.split('/')[0]}.example\nSubject: note ${i}\n\n${r.body} ${i}\n`);
    return JSON.stringify({ file, label: r.label, source: r.source, ...(r.kind ? { kind: r.kind } : {}), ...(r.lang ? { lang: r.lang } : {}) });
  });
  writeFileSync(join(dir, 'labels.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

const shared = corpusFolder('dev', [
  ...[0, 1, 2, 3].map(() => ({ label: 'phishing', source: 'trap/pot@1111111:email/s.eml', body: 'verify your account now or it will be suspended, confirm your password' })),
  ...[0, 1, 2, 3].map(() => ({ label: 'ham', source: 'lists/archive@2222222:m', body: 'minutes of the meeting about the timing of the release' })),
]);
const modern = corpusFolder(MODERN_GENUINE_NAME, [
  { label: 'ham', source: 'shop/receipts@3333333:tests/order.eml', kind: 'receipt', lang: 'de', body: 'vielen dank für ihre bestellung, die rechnung finden sie im anhang' },
  { label: 'ham', source: 'shop/receipts@3333333:tests/order2.eml', kind: 'receipt', lang: 'en', body: 'thank you for your order, your receipt is attached' },
  { label: 'ham', source: 'parcels/tracker@4444444:fixtures/dhl.eml', kind: 'shipping', lang: 'de', body: 'ihr paket kommt heute zwischen 10 und 12 uhr' },
  { label: 'ham', source: 'news/archive@5555555:inbox.mbox#3', kind: 'newsletter', lang: 'fr', body: 'notre lettre de la semaine, bonne lecture' },
]);

describe('default corpora', () => {
  it('adds corpus/modern-genuine after dev and train-extra once its messages are built', () => {
    const warnings: string[] = [];
    expect(defaultCorpora({ shared: [shared], modernGenuine: modern, warn: (l) => warnings.push(l) })).toEqual([shared, modern]);
    expect(warnings).toEqual([]);
  });

  it('leaves it out, saying how to build it, when only labels.jsonl is there (a fresh checkout)', () => {
    const unbuilt = corpusFolder('unbuilt/modern-genuine', [{ label: 'ham', source: 'shop/receipts@3333333:a.eml', kind: 'receipt', body: 'x' }], { withFiles: false });
    const warnings: string[] = [];
    expect(defaultCorpora({ shared: [shared], modernGenuine: unbuilt, warn: (l) => warnings.push(l) })).toEqual([shared]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('build-modern-genuine.py');
    // Read explicitly, the missing file is an error that names the builder, not a bare ENOENT.
    expect(() => loadLabelledCorpus(unbuilt)).toThrow(/build-modern-genuine\.py/);
  });

  it('leaves it out silently when the folder does not exist', () => {
    const warnings: string[] = [];
    expect(defaultCorpora({ shared: [shared], modernGenuine: join(root, 'absent'), warn: (l) => warnings.push(l) })).toEqual([shared]);
    expect(warnings).toEqual([]);
  });
});

describe('modern genuine mail in the leave-one-source-out run', () => {
  it('never trains on the name of the inbox owner its newsletters greet ("Dear AJ,"), as for the other collectors', () => {
    const doc = { label: 0 as const, features: ['w:aj', 'b:dear_aj', 's:corrigan', 'w:ajax', 'w:congress', 'w:rodrigo', 'b:hallo_sebastian', 'w:tobias', 's2:kastl_gmail', 'w:sebastiano'] };
    expect(withoutCollectorNames(doc).features).toEqual(['w:ajax', 'w:congress', 'w:sebastiano']);
  });

  it('loads kind, language and the corpus name from labels.jsonl', () => {
    const mails = loadLabelledCorpus(modern);
    expect(mails.map((m) => [m.corpus, m.kind, m.lang])).toEqual([
      [MODERN_GENUINE_NAME, 'receipt', 'de'],
      [MODERN_GENUINE_NAME, 'receipt', 'en'],
      [MODERN_GENUINE_NAME, 'shipping', 'de'],
      [MODERN_GENUINE_NAME, 'newsletter', 'fr'],
    ]);
  });

  it('holds out each of its sources as its own fold and reports its false-positive rate per kind and per source', async () => {
    const config = loadConfig({ env: {} }).engine;
    const mails = loadCorpora([shared, modern], { contentOnly: true });
    expect(losoFolds(mails).map((f) => f.key).sort()).toEqual(['lists', 'news', 'parcels', 'shop', 'trap']);
    const prepared = await prepare(mails, config);
    const run = await runLoso(prepared, config, () => null);
    const report = buildReport(mails, run.outcomes, config.thresholds);

    // Only modern-genuine ham is in its tables: the dev list mail and the phishing are not.
    const kinds = Object.fromEntries(report.modernGenuine.perKind.map((r) => [r.group, r.n]));
    expect(kinds).toEqual({ receipt: 2, shipping: 1, newsletter: 1 });
    const sources = Object.fromEntries(report.modernGenuine.perSource.map((r) => [r.group, r.n]));
    expect(sources).toEqual({ 'shop/receipts': 2, 'parcels/tracker': 1, 'news/archive': 1 });

    // Each row's false-positive rate is the share of its messages at or above the thresholds.
    for (const row of report.modernGenuine.perKind) {
      const members = mails.map((m, i) => ({ m, o: run.outcomes[i]! })).filter(({ m }) => m.corpus === MODERN_GENUINE_NAME && m.kind === row.group);
      const share = (t: number) => members.filter(({ o }) => o.rules.score >= t).length / members.length;
      expect(row.modes.rules.atSuspicious).toBe(share(config.thresholds.suspicious));
      expect(row.modes.rules.atPhishing).toBe(share(config.thresholds.phishing));
    }
    const text = formatReport(report);
    expect(text).toContain('Modern genuine mail (corpus/modern-genuine), per kind');
    expect(text).toContain('| shipping | ham | 1 |');
    expect(text).toContain('| parcels/tracker | ham | 1 |');
  });

  it('prints no modern-genuine tables when that corpus was not loaded', async () => {
    const config = loadConfig({ env: {} }).engine;
    const mails = loadCorpora([shared], { contentOnly: true });
    const run = await runLoso(await prepare(mails, config), config, () => null);
    const report = buildReport(mails, run.outcomes, config.thresholds);
    expect(report.modernGenuine.perKind).toEqual([]);
    expect(formatReport(report)).not.toContain('Modern genuine mail');
  });
});

const hasTools = spawnSync('python3', ['--version']).status === 0 && spawnSync('git', ['--version']).status === 0;
const builder = join(import.meta.dirname, '../../scripts/corpus/build-modern-genuine.py');

describe.skipIf(!hasTools)('scripts/corpus/build-modern-genuine.py (needs python3 and git; skipped without them)', () => {
  // A public repository stand-in: a git repository whose one commit holds a CRLF Takeout mbox.
  const work = join(root, 'builder');
  const repo = join(work, 'src');
  const mirrors = join(work, 'mirrors');
  mkdirSync(repo, { recursive: true });
  const mail = (from: string, subject: string, date: string, body: string, extra = '') =>
    `From 1648646492132314660@xxx Mon Oct 28 14:10:16 +0000 2019\r\nX-GM-THRID: 1648646492132314660\r\nX-Gmail-Labels: Inbox,Category Promotions\r\nFrom: ${from}\r\nTo: reader@example.org\r\nSubject: ${subject}\r\nDate: ${date}\r\n${extra}\r\n${body}\r\n\r\n`;
  const mbox = [
    mail('Shop News <news@shop.example>', 'Our autumn sale', 'Mon, 28 Oct 2019 14:10:16 +0000', 'Everything half price this week.', 'List-Unsubscribe: <https://shop.example/u>\r\n'),
    mail('Parcel Service <noreply@parcels.example>', 'Your package has shipped', 'Tue, 29 Oct 2019 09:00:00 +0000', 'Your parcel is on its way to you today.'),
    mail('A Friend <friend@gmail.com>', 'dinner?', 'Tue, 29 Oct 2019 10:00:00 +0000', 'Are you free on Friday?'),
    mail('Old Shop <news@oldshop.example>', 'News from 2012', 'Mon, 1 Oct 2012 10:00:00 +0000', 'An old newsletter body.'),
    mail('Bank <alerts@bank.example>', 'Security alert', 'Wed, 30 Oct 2019 10:00:00 +0000', 'The same body as a message of dev.'),
    // A shop's confirmation whose subject is only "Order <number> on <shop>": a receipt all the same.
    mail('Coffee Roasters <info@coffee.example>', 'Order CAF32537 on Coffee Roasters', 'Thu, 31 Oct 2019 10:00:00 +0000', 'Thank you for your order of two bags.'),
    // Receipts and notices whose subjects never say "receipt": a ride, a German shop's "Bestellt:", a trip, a code host.
    mail('Rides Receipts <no-reply@rides.example>', 'Your ride with Ron on July 15', 'Fri, 1 Nov 2019 10:00:00 +0000', 'Thanks for riding, the total was 12.50.'),
    mail('Shop.de <bestellbestaetigung@shop.example>', 'Bestellt: „HDMI Switch“', 'Sat, 2 Nov 2019 10:00:00 +0000', 'Vielen Dank für deine Bestellung.'),
    mail('Airline <no-reply@airline.example>', 'Your trip confirmation (SFO - SHV)', 'Sun, 3 Nov 2019 10:00:00 +0000', 'Your seats are confirmed.'),
    mail('Someone <notifications@code.example>', 'Re: [owner/repo] Outdated documentation (#65)', 'Mon, 4 Nov 2019 10:00:00 +0000', 'A comment on the issue.', 'List-Unsubscribe: <https://code.example/u>\r\n'),
  ].join('');
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { encoding: 'utf8' }).trim();
  git('init', '-q');
  writeFileSync(join(repo, 'All mail.mbox'), mbox);
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
  const commit = git('rev-parse', 'HEAD');
  mkdirSync(join(mirrors, 'owner+mails'), { recursive: true });
  execFileSync('git', ['clone', '-q', '--bare', repo, join(mirrors, 'owner+mails', 'repo')]);
  // dev already holds the bank alert's body: modern-genuine must not repeat it.
  const sharedDir = join(work, 'shared');
  for (const name of ['dev', 'train-extra']) {
    mkdirSync(join(sharedDir, name, 'ham'), { recursive: true });
    writeFileSync(join(sharedDir, name, 'ham', '00001.eml'), name === 'dev' ? 'From: x@bank.example\nSubject: y\n\nThe same body as a message of dev.\n' : 'From: x@y.example\nSubject: z\n\nunrelated\n');
    writeFileSync(join(sharedDir, name, 'labels.jsonl'), `${JSON.stringify({ file: 'ham/00001.eml', label: 'ham', source: 'x/y@1:z' })}\n`);
  }
  const sources = join(work, 'sources.json');
  writeFileSync(sources, JSON.stringify({ sources: [{ repo: 'owner/mails', commit, licence: 'MIT', paths: ['All mail.mbox'] }] }));
  const build = (out: string) => execFileSync('python3', [builder, '--mirrors', mirrors, '--shared', sharedDir, '--out', out, '--sources', sources], { encoding: 'utf8' });

  it('keeps company mail since 2015, drops private, old and already-known mail, and normalises as dev did', () => {
    const out = join(work, 'out');
    build(out);
    const labels = readFileSync(join(out, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const at = (n: number) => `owner/mails@${commit.slice(0, 7)}:All mail.mbox#${n}`;
    expect(labels.map((l) => l.source).sort()).toEqual([at(1), at(10), at(2), at(6), at(7), at(8), at(9)]);
    expect(Object.fromEntries(labels.map((l) => [String(l.source).split('#')[1], l.kind]))).toEqual({
      '1': 'newsletter', '2': 'shipping', '6': 'receipt', '7': 'receipt', '8': 'receipt', '9': 'travel', '10': 'saas',
    });
    for (const l of labels) expect(l).toMatchObject({ label: 'ham', licence: 'MIT', year: 2019, lang: null });
    // Files numbered in body-hash order; the mbox envelope line, CRLF and Takeout's export headers are gone.
    expect(labels.map((l) => l.file)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `ham/0000${n}.eml`));
    expect([...labels].map((l) => l.body_hash)).toEqual([...labels].map((l) => l.body_hash).sort());
    for (const file of readdirSync(join(out, 'ham'))) {
      const raw = readFileSync(join(out, 'ham', file), 'latin1');
      expect(raw.startsWith('From: ')).toBe(true);
      expect(raw).not.toMatch(/\r|X-Gmail-Labels|X-GM-THRID/);
    }
  });

  it('takes kind and lang set by hand in the sources file, and reads the HTML when text/plain is a stub', () => {
    // A railway ticket whose subject names no kind, its plain part empty, its HTML in Dutch; a label for a
    // message that is not there is refused rather than silently ignored.
    const html = '<p>Beste reiziger, hier is uw ticket voor de trein van vandaag. Het ticket is geldig op de dag van de reis en wij wensen u een goede reis met de trein naar uw bestemming.</p>';
    const ticket = ['From: Railway <no-reply@rail.example>', 'Subject: Mobile Ticket NL', 'Date: Fri, 5 Jul 2024 08:52:01 +0200', 'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"', '', '--b', 'Content-Type: text/plain', '', ' ', '--b', 'Content-Type: text/html; charset=utf-8', '', html, '--b--', ''].join('\n');
    const one = join(work, 'one');
    mkdirSync(one, { recursive: true });
    execFileSync('git', ['-C', one, 'init', '-q']);
    writeFileSync(join(one, 'ticket.eml'), ticket);
    execFileSync('git', ['-C', one, 'add', '.']);
    execFileSync('git', ['-C', one, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-q', '-m', 'ticket']);
    const oneCommit = execFileSync('git', ['-C', one, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    mkdirSync(join(mirrors, 'rail+tickets'), { recursive: true });
    execFileSync('git', ['clone', '-q', '--bare', one, join(mirrors, 'rail+tickets', 'repo')]);
    const run = (labels: Record<string, unknown>) => {
      const file = join(work, 'sources-labels.json');
      writeFileSync(file, JSON.stringify({ sources: [{ repo: 'rail/tickets', commit: oneCommit, licence: 'MIT', paths: ['ticket.eml'], labels }] }));
      return spawnSync('python3', [builder, '--mirrors', mirrors, '--shared', sharedDir, '--out', join(work, 'labelled'), '--sources', file], { encoding: 'utf8' });
    };
    expect(run({}).status).toBe(0);
    const auto = JSON.parse(readFileSync(join(work, 'labelled', 'labels.jsonl'), 'utf8').trim()) as Record<string, unknown>;
    expect(auto).toMatchObject({ lang: 'nl', kind: 'other-notice' });
    expect(run({ 'ticket.eml': { kind: 'travel' } }).status).toBe(0);
    const hand = JSON.parse(readFileSync(join(work, 'labelled', 'labels.jsonl'), 'utf8').trim()) as Record<string, unknown>;
    expect(hand).toMatchObject({ lang: 'nl', kind: 'travel' });
    const typo = run({ 'ticket.eml#2': { lang: 'fr' } });
    expect(typo.status).not.toBe(0);
    expect(typo.stderr).toContain('ticket.eml#2');
  });

  it('is deterministic: a second build writes the same bytes', () => {
    build(join(work, 'a'));
    build(join(work, 'b'));
    expect(readFileSync(join(work, 'b', 'labels.jsonl'))).toEqual(readFileSync(join(work, 'a', 'labels.jsonl')));
    for (const file of readdirSync(join(work, 'a', 'ham'))) expect(readFileSync(join(work, 'b', 'ham', file))).toEqual(readFileSync(join(work, 'a', 'ham', file)));
  });
});
