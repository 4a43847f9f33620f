import { createLogger } from '../../lib/logger';
import { keepConsuming, type ConsumerStarter } from './restarting-consumer';

const logger = createLogger('test', 'silent');
const quick = { delayMs: () => 1 };
const settle = () => new Promise((r) => setTimeout(r, 30));

/** A fake kafkajs consumer per start: records its signals so a test can crash it. */
function fakeConsumers(failStarts = 0) {
  const started: { gaveUp: (e: Error) => void; joined: () => void; stopped: boolean }[] = [];
  let failures = failStarts;
  const start: ConsumerStarter = async ({ gaveUp, joined }) => {
    if (started.length > 0 && failures > 0) {
      failures -= 1;
      throw new Error('connect ECONNREFUSED');
    }
    const c = { gaveUp, joined, stopped: false };
    started.push(c);
    return { stop: async () => void (c.stopped = true) };
  };
  return { start, started };
}

describe('keepConsuming', () => {
  it('starts a new consumer when the running one crashed and will not restart itself', async () => {
    const f = fakeConsumers();
    const running = await keepConsuming(f.start, { groupId: 'g', logger, policy: quick });
    expect(f.started).toHaveLength(1);

    f.started[0].gaveUp(new Error('KafkaJSGroupCoordinatorNotFound'));
    await settle();

    expect(f.started).toHaveLength(2);
    expect(f.started[0].stopped).toBe(true);
    expect(f.started[1].stopped).toBe(false);
    expect(running.restarts()).toBe(1);
    await running.stop();
    expect(f.started[1].stopped).toBe(true);
  });

  it('keeps trying while the broker refuses the new consumer', async () => {
    const f = fakeConsumers(3);
    const running = await keepConsuming(f.start, { groupId: 'g', logger, policy: quick });
    f.started[0].gaveUp(new Error('crash'));
    await settle();
    await settle();

    expect(f.started).toHaveLength(2);
    expect(running.restarts()).toBe(1);
    await running.stop();
  });

  it('restarts once for a crash reported twice, and ignores a replaced consumer', async () => {
    const f = fakeConsumers();
    const running = await keepConsuming(f.start, { groupId: 'g', logger, policy: quick });
    f.started[0].gaveUp(new Error('crash'));
    f.started[0].gaveUp(new Error('crash again'));
    await settle();
    f.started[0].gaveUp(new Error('late report from the old consumer'));
    await settle();

    expect(f.started).toHaveLength(2);
    await running.stop();
  });

  it('starts nothing after stop, even with a restart pending', async () => {
    const f = fakeConsumers();
    const running = await keepConsuming(f.start, { groupId: 'g', logger, policy: { delayMs: () => 20 } });
    f.started[0].gaveUp(new Error('crash'));
    await running.stop();
    await settle();

    expect(f.started).toHaveLength(1);
    expect(f.started[0].stopped).toBe(true);
  });

  it('leaves the first start error to the caller', async () => {
    const start: ConsumerStarter = async () => {
      throw new Error('no broker');
    };
    await expect(keepConsuming(start, { groupId: 'g', logger, policy: quick })).rejects.toThrow('no broker');
  });
});
