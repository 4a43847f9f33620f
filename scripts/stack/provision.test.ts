import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { buildOnce } from './provision';

describe('a cached build made once', () => {
  let cache: string;
  beforeEach(() => {
    cache = mkdtempSync(path.join(os.tmpdir(), 'provision-test-'));
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  const slowBuild = (dir: string, builds: string[], who: string) => async () => {
    builds.push(who);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(`${dir}.done`, who);
  };

  it('builds once when two callers ask at the same time; the second waits and finds it done', async () => {
    const dir = path.join(cache, 'tool-1.0');
    const builds: string[] = [];
    const logs: string[] = [];
    const isDone = () => existsSync(`${dir}.done`);
    await Promise.all([
      buildOnce(dir, isDone, (m) => logs.push(m), slowBuild(dir, builds, 'first')),
      buildOnce(dir, isDone, (m) => logs.push(m), slowBuild(dir, builds, 'second')),
    ]);
    expect(builds).toEqual(['first']);
    expect(readFileSync(`${dir}.done`, 'utf8')).toBe('first');
    expect(logs).toEqual([`waiting for process ${process.pid} to finish tool-1.0`]);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over a lock whose process is gone, and releases the lock when the build fails', async () => {
    const dir = path.join(cache, 'tool-2.0');
    writeFileSync(`${dir}.lock`, '999999999');
    const builds: string[] = [];
    await expect(
      buildOnce(
        dir,
        () => false,
        () => undefined,
        async () => {
          builds.push('failing');
          throw new Error('network refused');
        },
      ),
    ).rejects.toThrow('network refused');
    expect(builds).toEqual(['failing']);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('does nothing when the folder is already built', async () => {
    const builds: string[] = [];
    await buildOnce(
      path.join(cache, 'tool-3.0'),
      () => true,
      () => undefined,
      slowBuild(path.join(cache, 'tool-3.0'), builds, 'x'),
    );
    expect(builds).toEqual([]);
  });
});
