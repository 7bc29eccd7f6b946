/**
 * Preload (`node --import`) that records which modules the main thread of a process loads, for the
 * start-up tests (test/cli/lazy-loading.test.ts). A load hook reports every module URL on a message
 * port; at exit the list is written to the file named by PHISHGATE_TEST_MODULES_FILE, one URL a line.
 * Worker threads are not recorded: the tests ask what the CLI's own thread loads.
 */
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread, MessageChannel } from 'node:worker_threads';

const file = process.env.PHISHGATE_TEST_MODULES_FILE;
if (isMainThread && file) {
  const { port1, port2 } = new MessageChannel();
  const seen = new Set();
  port1.on('message', (url) => seen.add(url));
  port1.unref();
  const hooks = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });
  process.on('exit', () => writeFileSync(file, [...seen].join('\n')));
}
