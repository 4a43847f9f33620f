import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

export interface ChildSpec {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Server logs go to a file; product processes are shown on the terminal with a name prefix. */
  logFile?: string;
  /** Signal that asks this program for a clean shutdown (Postgres: SIGINT is "fast" shutdown). */
  stopSignal?: NodeJS.Signals;
}

interface Running {
  spec: ChildSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Killed on purpose through kill(): its exit is not reported as unexpected. */
  killed?: boolean;
}

/**
 * Owns every child of the stack. Children are stopped in reverse start order, each given time to
 * exit cleanly before it is killed, so a Ctrl-C leaves no orphan and no half-written data.
 */
export class Supervisor {
  private readonly children: Running[] = [];
  private stopping = false;
  onUnexpectedExit?: (name: string, code: number | null) => void;

  start(spec: ChildSpec): ChildProcess {
    const child = spawn(spec.cmd, spec.args, {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group, so the stop reaches grandchildren (tsx, npm) too
    });
    if (spec.logFile) {
      const out = fs.createWriteStream(spec.logFile, { flags: 'a' });
      child.stdout!.pipe(out);
      child.stderr!.pipe(out);
    } else {
      for (const stream of [child.stdout!, child.stderr!]) {
        readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${spec.name}] ${line}\n`));
      }
    }
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const running: Running = { spec, child, exited };
    void exited.then((code) => {
      if (!this.stopping && !running.killed) this.onUnexpectedExit?.(spec.name, code);
    });
    this.children.push(running);
    return child;
  }

  /** The latest child started under this name (a name can be killed and started again). */
  private latest(name: string): Running | undefined {
    return this.children.filter((r) => r.spec.name === name).pop();
  }

  isRunning(name: string): boolean {
    const c = this.latest(name);
    return !!c && c.child.exitCode === null && c.child.signalCode === null;
  }

  /** Stops one child (its process group) and forgets it, so it can be started again. */
  async stop(name: string, graceMs = 15_000): Promise<void> {
    const running = this.children.find((r) => r.spec.name === name && r.child.exitCode === null && r.child.signalCode === null);
    if (!running) return;
    this.children.splice(this.children.indexOf(running), 1);
    const wasStopping = this.stopping;
    this.stopping = true; // not an unexpected exit
    signalGroup(running.child, running.spec.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => signalGroup(running.child, 'SIGKILL'), graceMs);
    await running.exited;
    clearTimeout(timer);
    this.stopping = wasStopping;
  }

  /** Signals the latest child of this name and its process group, and waits until it has exited. */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = this.latest(name);
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.killed = true;
    signalGroup(running.child, signal);
    await running.exited;
  }

  /** Starts a child again with the spec it was last started with. */
  restart(name: string): ChildProcess {
    const running = this.latest(name);
    if (!running) throw new Error(`no process named ${name} was started`);
    return this.start(running.spec);
  }

  async stopAll(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    for (const running of [...this.children].reverse()) {
      const { child, spec, exited } = running;
      if (child.exitCode !== null || child.signalCode !== null) continue;
      signalGroup(child, spec.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}
