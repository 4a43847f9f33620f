import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { kafkaJvmOptions, TEMPORAL_SQLITE_PRAGMAS } from './servers';

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

describe("the Temporal dev server's SQLite", () => {
  it('runs on a write-ahead log synced at checkpoints, in the stack and in compose alike', () => {
    expect(TEMPORAL_SQLITE_PRAGMAS).toEqual(['--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal']);
    const compose = readFileSync(path.join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8');
    const temporal = compose.slice(compose.indexOf('\n  temporal:'), compose.indexOf('\n    ports:', compose.indexOf('\n  temporal:')));
    const words = [...temporal.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]);
    const inCompose = words.flatMap((word, i) => (word === '--sqlite-pragma' ? [word, words[i + 1]] : []));
    expect(inCompose).toEqual(TEMPORAL_SQLITE_PRAGMAS);
  });
});
