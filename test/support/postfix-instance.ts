/**
 * A private, throwaway Postfix instance for end-to-end tests (docs/development.md, "Postfix in tests"): its own
 * config, queue and log under a temp directory, loopback ports only, every command run with `-c DIR`
 * so the system instance is never touched. Used by the milter door's tests and meant for the SMTP
 * content-filter door's (content_filter + re-injection listener) as well.
 */
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
/** Runs a Postfix tool by the path `postfixUnavailableReason` found (Debian keeps them in /usr/sbin, often off PATH). */
const run = (tool: string, args: string[]) => execFileAsync(findExecutable(tool) ?? tool, args);

export type MilterDefaultAction = 'tempfail' | 'accept' | 'reject' | 'quarantine';

export interface PostfixInstanceOptions {
  /** Where Postfix relays everything it accepts: an SMTP sink on 127.0.0.1 (see smtp-sink.ts). */
  relayPort: number;
  /** Port of the public smtpd; a free one when not given. */
  smtpdPort?: number;
  /** `smtpd_milters` value (e.g. `inet:127.0.0.1:8891`); null/absent = no milter lines at all. */
  milter?: string | null;
  /** `milter_default_action` when `milter` is set (Postfix's default: tempfail). */
  milterDefaultAction?: MilterDefaultAction;
  /**
   * After-queue content filter: Postfix delivers to 127.0.0.1:filterPort over SMTP (transport `scan`)
   * and accepts the filtered mail back on 127.0.0.1:reinjectPort (no filter, no milters there).
   */
  contentFilter?: { filterPort: number; reinjectPort?: number } | null;
  /** main.cf text appended verbatim (e.g. a documented snippet). Keep it free of parameters set above. */
  mainCfExtra?: string;
  /** main.cf parameters appended last (name → value). */
  mainCf?: Record<string, string>;
}

export interface QueueEntry {
  queueName: 'maildrop' | 'incoming' | 'active' | 'deferred' | 'hold' | string;
  queueId: string;
  sender: string;
  recipients: Array<{ address: string; delayReason?: string }>;
  size: number;
}

/** Absolute path of a tool on PATH or in the sbin directories (where Debian puts Postfix's), or null. */
export function findExecutable(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // keep looking
    }
  }
  return null;
}

/** Why Postfix tests cannot run here (null when they can). Tests use it with `describe.skipIf` and print it. */
export function postfixUnavailableReason(): string | null {
  const missing = ['postfix', 'postconf', 'postqueue', 'postsuper', 'postcat'].filter((tool) => !findExecutable(tool));
  if (missing.length > 0) return `Postfix is not installed (missing ${missing.join(', ')}); CI installs it with scripts/ci/install-mail-tools.sh`;
  if (process.getuid?.() !== 0) return 'a private Postfix instance needs root (its queue must be root-owned and its data directory postfix-owned)';
  try {
    execFileSync('id', ['-u', 'postfix'], { stdio: 'ignore' });
  } catch {
    return 'the postfix user does not exist';
  }
  return null;
}

/** A currently free TCP port on 127.0.0.1 (bind port 0, read it, release it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const MASTER_CF_BASE = `# service type  private unpriv  chroot  wakeup  maxproc command + args
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
local     unix  -       n       n       -       -       local
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
`;

/** main.cf for the instance (docs/development.md, "Postfix in tests" and its gotchas: absolute paths, no chroot, no DNS, loopback). */
export function renderMainCf(base: string, options: PostfixInstanceOptions & { smtpdPort: number }): string {
  const lines = [
    'compatibility_level = 3.6',
    `queue_directory = ${base}/spool`,
    `data_directory = ${base}/data`,
    'mail_owner = postfix',
    'setgid_group = postdrop',
    `maillog_file = ${base}/log/maillog`,
    'maillog_file_prefixes = /var, /dev/stdout, /tmp',
    'myhostname = mx.lab.test',
    'mydomain = lab.test',
    'myorigin = $myhostname',
    'mydestination =',
    'local_recipient_maps =',
    'alias_maps =',
    'alias_database =',
    'relay_domains =',
    'inet_interfaces = loopback-only',
    'inet_protocols = ipv4',
    'mynetworks = 127.0.0.0/8',
    'smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination',
    'smtpd_recipient_restrictions =',
    'smtpd_peername_lookup = no',
    'biff = no',
    'readme_directory = no',
    'append_dot_mydomain = no',
    `relayhost = [127.0.0.1]:${options.relayPort}`,
    'smtp_dns_support_level = disabled',
    'smtp_tls_security_level = none',
    'queue_run_delay = 10s',
    'minimal_backoff_time = 10s',
    'maximal_backoff_time = 30s',
  ];
  if (options.milter) {
    lines.push(`smtpd_milters = ${options.milter}`, 'non_smtpd_milters =', `milter_default_action = ${options.milterDefaultAction ?? 'tempfail'}`);
  }
  if (options.contentFilter) lines.push(`content_filter = scan:[127.0.0.1]:${options.contentFilter.filterPort}`);
  let text = `${lines.join('\n')}\n`;
  if (options.mainCfExtra) text += `${options.mainCfExtra.trimEnd()}\n`;
  for (const [name, value] of Object.entries(options.mainCf ?? {})) text += `${name} = ${value}\n`;
  return text;
}

export function renderMasterCf(options: { smtpdPort: number; reinjectPort?: number; withFilter: boolean }): string {
  let text = `127.0.0.1:${options.smtpdPort} inet n -  n       -       -       smtpd\n${MASTER_CF_BASE}`;
  if (options.withFilter) {
    text += `scan      unix  -       -       n       -       4       smtp
  -o syslog_name=postfix/scan
  -o smtp_send_xforward_command=yes
  -o disable_mime_output_conversion=yes
127.0.0.1:${options.reinjectPort} inet n - n     -       4       smtpd
  -o syslog_name=postfix/reinject
  -o content_filter=
  -o smtpd_milters=
  -o receive_override_options=no_unknown_recipient_checks,no_header_body_checks,no_milters
  -o smtpd_helo_restrictions=
  -o smtpd_client_restrictions=
  -o smtpd_sender_restrictions=
  -o smtpd_recipient_restrictions=
  -o smtpd_relay_restrictions=permit_mynetworks,reject
  -o mynetworks=127.0.0.0/8
  -o smtpd_authorized_xforward_hosts=127.0.0.0/8
`;
  }
  return text;
}

const running = new Set<PostfixInstance>();
let exitHookInstalled = false;

/** A crashed test must not leave a master daemon behind: stop what is still running on exit. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const instance of running) {
      try {
        execFileSync('postfix', ['-c', instance.configDir, 'stop'], { stdio: 'ignore' });
      } catch {
        // best effort
      }
    }
  });
}

async function waitUntil(what: string, timeoutMs: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function processGone(pid: number): boolean {
  try {
    // PID 1 in a container may not reap the master: a zombie counts as gone (docs/development.md, "Postfix in tests").
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

export class PostfixInstance {
  readonly configDir: string;
  private started = false;

  private constructor(
    readonly base: string,
    readonly smtpdPort: number,
    readonly reinjectPort: number | null,
  ) {
    this.configDir = join(base, 'etc');
  }

  /** Writes the instance's files under a fresh temp directory; `start()` runs it. */
  static async create(options: PostfixInstanceOptions): Promise<PostfixInstance> {
    const reason = postfixUnavailableReason();
    if (reason) throw new Error(reason);
    const base = mkdtempSync(join(tmpdir(), 'phishgate-postfix-'));
    chmodSync(base, 0o755); // gotcha 2: user postfix must traverse it
    for (const dir of ['etc', 'spool', 'data', 'log']) mkdirSync(join(base, dir), { mode: 0o755 });
    const uid = Number(execFileSync('id', ['-u', 'postfix']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postfix']).toString().trim());
    chownSync(join(base, 'data'), uid, gid);
    const smtpdPort = options.smtpdPort ?? (await freePort());
    const reinjectPort = options.contentFilter ? options.contentFilter.reinjectPort ?? (await freePort()) : null;
    writeFileSync(join(base, 'etc', 'main.cf'), renderMainCf(base, { ...options, smtpdPort }));
    writeFileSync(join(base, 'etc', 'master.cf'), renderMasterCf({ smtpdPort, withFilter: Boolean(options.contentFilter), ...(reinjectPort !== null && { reinjectPort }) }));
    return new PostfixInstance(base, smtpdPort, reinjectPort);
  }

  get logFile(): string {
    return join(this.base, 'log', 'maillog');
  }

  /** `postfix start` (daemon; the first start creates the queue, ~2.5 s), then waits for the smtpd port. */
  async start(): Promise<void> {
    installExitHook();
    await this.postfix('start');
    this.started = true;
    running.add(this);
    await waitUntil(`smtpd on port ${this.smtpdPort}`, 20_000, () => this.portOpen(this.smtpdPort));
  }

  /** `postfix stop`, then waits for the master process to be gone. */
  async stop(): Promise<void> {
    if (!this.started) return;
    const pid = this.masterPid();
    await this.postfix('stop').catch(() => undefined);
    if (pid !== null) await waitUntil('the Postfix master to exit', 10_000, () => processGone(pid));
    this.started = false;
    running.delete(this);
  }

  /** Stops and deletes the instance directory (kept when KEEP_POSTFIX_INSTANCE is set, for debugging). */
  async destroy(): Promise<void> {
    await this.stop();
    if (!process.env.KEEP_POSTFIX_INSTANCE) rmSync(this.base, { recursive: true, force: true });
  }

  /** `postconf -e` the settings, then `postfix reload` if running. */
  async postconf(settings: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(settings)) await run('postconf', ['-c', this.configDir, '-e', `${name} = ${value}`]);
    if (this.started) await this.postfix('reload');
  }

  mainCf(): string {
    return readFileSync(join(this.configDir, 'main.cf'), 'utf8');
  }

  /** Asks the queue manager to retry deferred mail now. */
  async flush(): Promise<void> {
    await run('postqueue', ['-c', this.configDir, '-f']);
  }

  async queue(): Promise<QueueEntry[]> {
    const { stdout } = await run('postqueue', ['-c', this.configDir, '-j']);
    return stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const j = JSON.parse(line) as { queue_name: string; queue_id: string; sender: string; message_size: number; recipients: Array<{ address: string; delay_reason?: string }> };
        return {
          queueName: j.queue_name,
          queueId: j.queue_id,
          sender: j.sender,
          size: j.message_size,
          recipients: j.recipients.map((r) => ({ address: r.address, ...(r.delay_reason !== undefined && { delayReason: r.delay_reason }) })),
        };
      });
  }

  async waitForQueue(what: string, predicate: (queue: QueueEntry[]) => boolean, timeoutMs = 15_000): Promise<QueueEntry[]> {
    let last: QueueEntry[] = [];
    await waitUntil(what, timeoutMs, async () => predicate((last = await this.queue())));
    return last;
  }

  /** `postsuper -H`: release held (quarantined) mail. */
  async releaseHold(queueId = 'ALL'): Promise<void> {
    await run('postsuper', ['-c', this.configDir, '-H', queueId]);
  }

  /** `postsuper -d ALL`: wipe every queue, e.g. between tests. */
  async deleteAll(): Promise<void> {
    await run('postsuper', ['-c', this.configDir, '-d', 'ALL']);
  }

  /** Header and body of a queued message (`postcat -hb -q`). */
  async postcat(queueId: string): Promise<string> {
    const { stdout } = await run('postcat', ['-c', this.configDir, '-hb', '-q', queueId]);
    return stdout;
  }

  maillog(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  /** Waits for a maillog line matching `pattern` written after `fromOffset` (see `logSize()`); returns the line. */
  async waitForLog(pattern: RegExp, fromOffset = 0, timeoutMs = 15_000): Promise<string> {
    let found = '';
    await waitUntil(`maillog line ${pattern}`, timeoutMs, () => {
      const line = this.maillog().slice(fromOffset).split('\n').find((l) => pattern.test(l));
      found = line ?? '';
      return line !== undefined;
    });
    return found;
  }

  logSize(): number {
    return this.maillog().length;
  }

  private masterPid(): number | null {
    try {
      return Number(readFileSync(join(this.base, 'spool', 'pid', 'master.pid'), 'utf8').trim()) || null;
    } catch {
      return null;
    }
  }

  private async postfix(command: string): Promise<void> {
    // Postfix reports start/stop problems in the maillog, not on stdout (gotcha 4): include its tail.
    try {
      await run('postfix', ['-c', this.configDir, command]);
    } catch (error) {
      throw new Error(`postfix ${command} failed: ${(error as Error).message}\n${this.maillog().split('\n').slice(-15).join('\n')}`);
    }
  }

  private portOpen(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }
}
