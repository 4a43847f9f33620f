import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { kafkaJvmOptions } from './servers';

describe("the broker's JVM", () => {
  it('caps the heap at 256 MB on the serial collector unless KAFKA_HEAP_OPTS says otherwise', () => {
    expect(kafkaJvmOptions({})).toEqual(['-Xms64m', '-Xmx256m', '-XX:+UseSerialGC', '-XX:MaxMetaspaceSize=96m', '-XX:ReservedCodeCacheSize=48m']);
    expect(kafkaJvmOptions({ KAFKA_HEAP_OPTS: ' -Xms1g  -Xmx1g ' }).slice(0, 3)).toEqual(['-Xms1g', '-Xmx1g', '-XX:+UseSerialGC']);
    expect(kafkaJvmOptions({ KAFKA_HEAP_OPTS: '  ' })[1]).toBe('-Xmx256m');
  });

  it('is sized the same in docker-compose.yml', () => {
    const compose = readFileSync(path.join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8');
    const [heap, ...rest] = [kafkaJvmOptions({}).slice(0, 2).join(' '), ...kafkaJvmOptions({}).slice(2)];
    expect(compose).toContain(`KAFKA_HEAP_OPTS: ${heap}`);
    for (const flag of rest) expect(compose).toMatch(new RegExp(`KAFKA_JVM_PERFORMANCE_OPTS: .*${flag.replace(/[+]/g, '\\+')}`));
  });
});
