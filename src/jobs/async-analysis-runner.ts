/**
 * Runs queued asynchronous analyses (docs/api.md) in the background: woken by each enqueue, and polling
 * for jobs left by a previous run or another process. On a graceful stop it finishes the analyses it has
 * started; jobs not yet claimed stay `queued` in the store and are resumed at the next start.
 */
import type { Logger } from 'pino';
import type { AsyncAnalysisService } from '../services/async-analysis.js';
import type { ClaimedJob } from '../services/async-analysis.js';
import { coalesced, poller } from './job-loop.js';

export interface AsyncAnalysisRunnerDeps {
  service: AsyncAnalysisService;
  logger: Logger;
  concurrency: number;
  pollIntervalMs: number;
}

export interface AsyncAnalysisRunner {
  start(): void;
  stop(): Promise<void>;
  /** Runs every job that can be claimed now, and waits for them; for tests and the benchmark. */
  drain(): Promise<void>;
}

export function createAsyncAnalysisRunner(deps: AsyncAnalysisRunnerDeps): AsyncAnalysisRunner {
  const { service, logger } = deps;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  function launch(job: ClaimedJob): void {
    const task = service
      .run(job)
      .then((outcome) => {
        if (outcome.status !== 'failed') return;
        const log = { analysis: job.analysisId, code: outcome.error.code };
        if (outcome.cause) logger.error({ ...log, err: outcome.cause }, 'asynchronous analysis failed');
        else logger.info(log, 'asynchronous analysis failed');
      })
      // The store is unreachable: the job keeps its lease, which runs out, and it is tried again.
      .catch((error: unknown) => logger.error({ err: error, analysis: job.analysisId }, 'asynchronous analysis could not be recorded'))
      .finally(() => {
        running.delete(task);
        if (!stopped) void pump.trigger();
      });
    running.add(task);
  }

  const pump = coalesced(
    async () => {
      for (;;) {
        const free = deps.concurrency - running.size;
        if (stopped || free <= 0) return;
        const jobs = await service.claim(free);
        for (const job of jobs) launch(job);
        if (jobs.length < free) return;
      }
    },
    (error) => logger.error({ err: error }, 'could not claim asynchronous analyses'),
  );
  const poll = poller(deps.pollIntervalMs, () => pump.trigger());

  return {
    start() {
      unsubscribe = service.onQueued(() => void pump.trigger());
      poll.start();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      poll.stop();
      await pump.idle();
      await Promise.all([...running]);
    },
    async drain() {
      for (;;) {
        await pump.trigger();
        if (running.size === 0) return;
        await Promise.all([...running]);
      }
    },
  };
}
