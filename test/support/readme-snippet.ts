import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const README_PATH = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The fenced block between `<!-- NAME:begin -->` and `<!-- NAME:end -->` of a Markdown file, exactly. */
export function markedBlock(path: string, name: string): string {
  const text = readFileSync(path, 'utf8');
  const match = new RegExp(`<!-- ${name}:begin -->\\n\`\`\`[^\\n]*\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`).exec(text);
  if (!match) throw new Error(`${path} has no ${name} block`);
  return match[1]!;
}

/** A Postfix block of the README: what the end-to-end tests install verbatim. */
export const readmeBlock = (name: 'smtp-main-cf' | 'smtp-master-cf' | 'milter-main-cf'): string => markedBlock(README_PATH, name);
