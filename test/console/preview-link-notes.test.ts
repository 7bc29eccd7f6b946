import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMessagePreview } from '../../src/mail/message-preview.js';
import { previewView } from '../../src/http/console/preview.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/eml/${name}`, import.meta.url));
const render = async (name: string) => String(previewView(await buildMessagePreview(fixture(name)), { frameUrl: '/frame' }));

describe('safe preview: the links table notes a text-versus-target mismatch (issue 34.3)', () => {
  it('a link whose text shows another host says so in Notes', async () => {
    expect(await render('phish-en-link-text-own-domain-elsewhere.eml')).toContain('text shows conference-news.example, leads to tix-download.example');
  });

  it('links whose text shows their own (unwrapped) target get no such note', async () => {
    const page = await render('legit-en-gateway-rewritten-links.eml');
    expect(page).toContain('unwrapped from Proofpoint URL Defense v3');
    expect(page).not.toContain('text shows');
  });
});
