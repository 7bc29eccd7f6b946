import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_CONFIG_PATH } from '../../src/config/loader.js';
import { readDefaultSnapshot, writeDefaultSnapshot } from '../../src/config/default-snapshot.js';

/** The build's parsed copy of config/default.yaml (docs/performance.md, "Start-up"). */
describe('snapshot of the default configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-snapshot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = readFileSync(DEFAULT_CONFIG_PATH, 'utf8');

  it('gives back exactly what parsing the shipped default.yaml gives', () => {
    const path = join(dir, 'default-config.json');
    writeDefaultSnapshot(text, parse(text), path);
    // Deep equality after the JSON round trip: nothing in the defaults that JSON cannot carry.
    expect(readDefaultSnapshot(text, path)).toStrictEqual(parse(text));
  });

  it('is not used for another text: an edited default.yaml is parsed again', () => {
    const path = join(dir, 'stale.json');
    writeDefaultSnapshot(text, parse(text), path);
    const edited = text.replace(/^(\s*suspicious:\s*)[0-9.]+/m, '$10.42');
    expect(edited).not.toBe(text);
    expect(readDefaultSnapshot(edited, path)).toBeNull();
  });

  it('is null when absent or unreadable', () => {
    expect(readDefaultSnapshot(text, join(dir, 'missing.json'))).toBeNull();
  });
});
