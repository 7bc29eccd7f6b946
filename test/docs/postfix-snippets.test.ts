import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markedBlock, readmeBlock } from '../support/readme-snippet.js';

const doc = (name: string) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));

/** The end-to-end tests install the README's blocks; the detailed docs must show the very same lines. */
describe('Postfix snippets', () => {
  it('are identical in the README and in docs/smtp-filter.md and docs/milter.md', () => {
    expect(markedBlock(doc('smtp-filter.md'), 'postfix-main-cf')).toBe(readmeBlock('smtp-main-cf'));
    expect(markedBlock(doc('smtp-filter.md'), 'postfix-master-cf')).toBe(readmeBlock('smtp-master-cf'));
    expect(markedBlock(doc('milter.md'), 'postfix-main-cf')).toBe(readmeBlock('milter-main-cf'));
  });
});
