import { Writable } from 'node:stream';
import pino from 'pino';
import { startProcessMemoryLog } from './process-memory-log';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('startProcessMemoryLog', () => {
  afterEach(() => jest.useRealTimers());

  it('logs nothing when turned off (0 seconds)', async () => {
    const { logger, lines } = capture('info');
    startProcessMemoryLog(logger, 0)();
    await tick();
    expect(lines).toEqual([]);
  });

  it('logs the memory at once and every interval, even under a warn-level logger, until stopped', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { logger, lines } = capture('warn');
    logger.info('an ordinary info line, which warn hides');
    const stop = startProcessMemoryLog(logger, 15);
    jest.advanceTimersByTime(30_000);
    stop();
    jest.advanceTimersByTime(60_000);
    await tick();
    expect(lines.map((l) => l.msg)).toEqual(['process memory', 'process memory', 'process memory']);
    const memory = lines[0].memory as Record<string, number>;
    expect(memory.rssMb).toBeGreaterThan(memory.heapUsedMb);
    expect(memory.heapUsedMb).toBeGreaterThan(0);
    expect(memory.heapTotalMb).toBeGreaterThanOrEqual(memory.heapUsedMb);
  });
});
