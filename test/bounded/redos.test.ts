import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { regexLiterals } from './regex-literals.js';

/**
 * Static ReDoS check (docs/performance.md): every regular expression written in src/ is given to the
 * analyser recheck, which proves a pattern safe or finds an input that makes it backtrack
 * super-linearly. A new dangerous pattern fails the suite. The seed is fixed so the fuzzing part of the
 * analysis is reproducible; "unknown" (the analyser ran out of time) fails too, so a pattern nobody
 * could prove safe is rewritten rather than waved through.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Patterns the analyser calls polynomial that only ever see input of a fixed small size, so their worst
 * case is a constant. Each entry names the file, the start of the pattern and where the bound is
 * enforced; editing the pattern or moving it drops it from this list and the check applies again.
 */
const BOUNDED_INPUT: ReadonlyArray<{ file: string; starts: string; why: string }> = [
  { file: 'src/engine/classifier/boilerplate.ts', starts: '^(?:\\W*(?:facebook|twitter', why: 'tested on one line cut to MAX_LINE (400) characters' },
  { file: 'src/engine/classifier/boilerplate.ts', starts: '\\b(?:\\d{1,5} [a-z][a-z .', why: 'tested on one line cut to MAX_LINE (400) characters' },
];
const bounded = (l: { file: string; source: string }): boolean => BOUNDED_INPUT.some((b) => b.file === l.file && l.source.startsWith(b.starts));
const literals = regexLiterals(`${root}src`, root);

describe('regular expressions in src/', () => {
  it('are found by the parser (a sanity floor: the code has well over a hundred)', () => {
    expect(literals.length).toBeGreaterThan(150);
    expect(literals.some((l) => l.file === 'src/mail/url-extract.ts')).toBe(true);
  });

  it('none backtracks super-linearly', async () => {
    const findings: string[] = [];
    const seen = new Map<string, string>();
    for (const literal of literals) {
      // The g and y flags change where matching starts, not how a match backtracks.
      const flags = literal.flags.replace(/[gy]/g, '');
      const key = `${flags}/${literal.source}`;
      let status = seen.get(key);
      if (status === undefined) {
        const diagnostics = await check(literal.source, flags, { timeout: 30_000, randomSeed: 20261124 });
        status = diagnostics.status === 'vulnerable' ? `vulnerable (${diagnostics.complexity.type}), e.g. ${diagnostics.attack.pattern.slice(0, 60)}` : diagnostics.status;
        seen.set(key, status);
      }
      if (status !== 'safe' && !bounded(literal)) findings.push(`${literal.file}:${literal.line} /${literal.source.slice(0, 80)}/${literal.flags}: ${status}`);
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
