#!/usr/bin/env node
import { runCli } from './run.js';

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
// Every command (serve included) resolves only when its work is finished; idle handles such as
// database pools must not keep the process alive after that.
process.exit(code);
