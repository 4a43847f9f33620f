import type { Logger } from '../../lib/logger';

/** One started consumer: `stop` disconnects it. */
export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * Starts a consumer. It calls `joined` each time it has joined its group and `gaveUp` when the client
 * has stopped consuming for good (it crashed and will not restart itself).
 */
export type ConsumerStarter = (signals: { joined: () => void; gaveUp: (error: Error) => void }) => Promise<RunningConsumer>;

export interface RestartPolicy {
  /** Delay before the n-th restart in a row (n from 0). */
  delayMs(attempt: number): number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { delayMs: (n) => Math.min(500 * 2 ** n, 15_000) };

/**
 * Keeps a consumer group member consuming. kafkajs restarts a consumer itself only after a retriable
 * crash; after any other (KafkaJSGroupCoordinatorNotFound while a broker starts or comes back, for one)
 * it disconnects and stays silent, so a read model would stop for good while its process looks healthy.
 * Here such a crash starts a fresh consumer after a backoff, until it runs again or `stop` is called.
 * The first start's own error is the caller's; later ones are retried.
 */
export async function keepConsuming(
  start: ConsumerStarter,
  opts: { groupId: string; logger: Logger; policy?: RestartPolicy },
): Promise<RunningConsumer & { restarts(): number }> {
  const policy = opts.policy ?? DEFAULT_RESTART_POLICY;
  let stopped = false;
  let restarts = 0;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: RunningConsumer | undefined;

  const scheduleRestart = (error: Error) => {
    if (stopped || timer) return;
    const delay = policy.delayMs(attempt);
    attempt += 1;
    opts.logger.warn({ groupId: opts.groupId, err: error.message, restartInMs: delay }, 'consumer stopped after a crash; starting a new one');
    timer = setTimeout(() => {
      timer = undefined;
      void restart();
    }, delay);
  };

  const launch = async () => {
    const mine: { consumer?: RunningConsumer } = {};
    const gaveUp = (error: Error) => {
      // Only the consumer now running may ask for a restart (a crash while starting counts as its own).
      if (mine.consumer !== undefined && mine.consumer !== current) return;
      scheduleRestart(error);
    };
    mine.consumer = await start({ gaveUp, joined: () => (attempt = 0) });
    current = mine.consumer;
  };

  const restart = async () => {
    if (stopped) return;
    await current?.stop().catch(() => undefined);
    try {
      await launch();
      restarts += 1;
      if (stopped) await current?.stop();
      opts.logger.info({ groupId: opts.groupId, restarts }, 'consumer started again');
    } catch (err) {
      scheduleRestart(err instanceof Error ? err : new Error(String(err)));
    }
  };

  await launch();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.stop();
    },
    restarts: () => restarts,
  };
}
