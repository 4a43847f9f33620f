import { spawn, type SpawnOptions } from 'node:child_process';

/** Runs a command to completion; rejects with its captured output when it fails. */
export function run(cmd: string, args: string[], opts: SpawnOptions & { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr?.on('data', (d) => {
      out += d;
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${out.slice(-4000)}`))));
  });
}

export async function commandExists(cmd: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${cmd}`], { quiet: true });
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check() resolves truthy or the deadline passes. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    await sleep(250);
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}
