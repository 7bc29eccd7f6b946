import { readmeBlock } from '../../support/readme-snippet.js';

/** The ports written in the documented blocks (and config/default.yaml's smtp.port and smtp.relay). */
export const DOCUMENTED_FILTER_PORT = 10025;
export const DOCUMENTED_REINJECT_PORT = 10026;

/** The main.cf and master.cf blocks of the README, exactly as documented. */
export const documentedMainCf = (): string => readmeBlock('smtp-main-cf');
export const documentedMasterCf = (): string => readmeBlock('smtp-master-cf');

/** A documented block with only the two port numbers swapped for the test's free ports. */
export function withPorts(text: string, ports: { filter: number; reinject: number }): string {
  const filter = `127.0.0.1]:${DOCUMENTED_FILTER_PORT}`;
  const reinject = `127.0.0.1:${DOCUMENTED_REINJECT_PORT} `;
  if (!text.includes(filter) && !text.includes(reinject)) throw new Error('the documented block mentions neither documented port');
  return text.replaceAll(filter, `127.0.0.1]:${ports.filter}`).replaceAll(reinject, `127.0.0.1:${ports.reinject} `);
}
