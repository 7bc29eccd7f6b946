import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DOC_PATH = fileURLToPath(new URL('../../../docs/smtp-filter.md', import.meta.url));
/** The ports written in the documented blocks (and config/default.yaml's smtp.port and smtp.relay). */
export const DOCUMENTED_FILTER_PORT = 10025;
export const DOCUMENTED_REINJECT_PORT = 10026;

function block(name: string): string {
  const doc = readFileSync(DOC_PATH, 'utf8');
  const match = new RegExp(`<!-- ${name}:begin -->\\n\`\`\`[^\\n]*\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`).exec(doc);
  if (!match) throw new Error(`docs/smtp-filter.md has no ${name} block`);
  return match[1]!;
}

/** The main.cf and master.cf blocks of docs/smtp-filter.md, exactly as documented. */
export const documentedMainCf = (): string => block('postfix-main-cf');
export const documentedMasterCf = (): string => block('postfix-master-cf');

/** A documented block with only the two port numbers swapped for the test's free ports. */
export function withPorts(text: string, ports: { filter: number; reinject: number }): string {
  const filter = `127.0.0.1]:${DOCUMENTED_FILTER_PORT}`;
  const reinject = `127.0.0.1:${DOCUMENTED_REINJECT_PORT} `;
  if (!text.includes(filter) && !text.includes(reinject)) throw new Error('the documented block mentions neither documented port');
  return text.replaceAll(filter, `127.0.0.1]:${ports.filter}`).replaceAll(reinject, `127.0.0.1:${ports.reinject} `);
}
