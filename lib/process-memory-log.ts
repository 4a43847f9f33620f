import type { Logger } from './logger';

/** What one `process memory` line carries, in MiB (process.memoryUsage(), rounded to 0.1). */
export interface ProcessMemory {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

export function processMemory(): ProcessMemory {
  const m = process.memoryUsage();
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers) };
}

/**
 * Logs the process's memory every `seconds` (PROCESS_MEMORY_LOG_SECONDS), at info even when the logger is
 * quieter: whoever turned it on wants the lines. The figures are the process's own, so nothing is exposed
 * on a port. Returns a stop function; the timer never keeps the process alive.
 */
export function startProcessMemoryLog(logger: Logger, seconds: number): () => void {
  if (seconds <= 0) return () => undefined;
  const memoryLogger = logger.child({}, { level: 'info' });
  const log = () => memoryLogger.info({ memory: processMemory() }, 'process memory');
  log();
  const timer = setInterval(log, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
