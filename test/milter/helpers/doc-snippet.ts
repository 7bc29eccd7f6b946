import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DOC_PATH = fileURLToPath(new URL('../../../docs/milter.md', import.meta.url));
/** The port written in the documented snippet (and config/default.yaml's milter.port). */
export const DOCUMENTED_PORT = 8891;

/** The main.cf block of docs/milter.md, exactly as documented (between the postfix-main-cf markers). */
export function documentedMainCf(): string {
  const doc = readFileSync(DOC_PATH, 'utf8');
  const match = /<!-- postfix-main-cf:begin -->\n```[^\n]*\n([\s\S]*?)```\n<!-- postfix-main-cf:end -->/.exec(doc);
  if (!match) throw new Error('docs/milter.md has no postfix-main-cf block');
  return match[1]!;
}

/** The documented block with only the milter address's port swapped for the test door's. */
export function documentedMainCfForPort(port: number): string {
  const snippet = documentedMainCf();
  const address = `inet:127.0.0.1:${DOCUMENTED_PORT}`;
  if (!snippet.includes(address)) throw new Error(`the documented snippet no longer mentions ${address}`);
  return snippet.replaceAll(address, `inet:127.0.0.1:${port}`);
}
