import { parseRawMessage, type ParseLimits } from '../mail/parse-raw.js';
import type { AnalysisClient } from './analysis-client.js';
import type { Engine } from './types.js';

/**
 * Parse and analyse on the calling thread (CLI commands, tests): no deadline can be enforced there. Apart
 * from analysis-client.ts so that the worker pool, which imports that module on the main thread, does not
 * load the mail parser there (docs/performance.md, "Start-up").
 */
export function inProcessAnalysisClient(engine: Engine, limits: ParseLimits): AnalysisClient {
  return {
    engine,
    parse: (raw) => parseRawMessage(raw, limits),
    close: async () => {},
  };
}
