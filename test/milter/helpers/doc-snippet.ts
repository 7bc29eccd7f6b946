import { readmeBlock } from '../../support/readme-snippet.js';

/** The port written in the documented snippet (and config/default.yaml's milter.port). */
export const DOCUMENTED_PORT = 8891;

/** The milter block of the README, exactly as documented. */
export const documentedMainCf = (): string => readmeBlock('milter-main-cf');

/** The documented block with only the milter address's port swapped for the test door's. */
export function documentedMainCfForPort(port: number): string {
  const snippet = documentedMainCf();
  const address = `inet:127.0.0.1:${DOCUMENTED_PORT}`;
  if (!snippet.includes(address)) throw new Error(`the documented snippet no longer mentions ${address}`);
  return snippet.replaceAll(address, `inet:127.0.0.1:${port}`);
}
