import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { AppConfig } from '../../config/env';
import { loadTemporalDynamicConfig, toDevServerFlags } from '../../config/temporal-dynamic-config';
import type { Binaries } from './provision';
import type { Supervisor } from './supervisor';
import { run, waitFor } from './exec';

type Log = (msg: string) => void;

function portOf(hostPort: string): number {
  return Number(hostPort.split(':').pop());
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function assertPortFree(port: number, what: string) {
  if (await isPortOpen(port)) {
    throw new Error(`Port ${port} (${what}) is already in use: is another copy of the stack running? Stop it, or set the port variable.`);
  }
}

/** Postgres refuses to run as root; as root we run it as the `postgres` system user. */
function asPostgresUser(cmd: string, args: string[]): [string, string[]] {
  if (os.userInfo().uid !== 0) return [cmd, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', cmd, ...args]];
}

function chownToPostgres(dir: string) {
  if (os.userInfo().uid !== 0) return;
  return run('chown', ['-R', 'postgres:postgres', dir], { quiet: true });
}

export async function startPostgres(config: AppConfig, bins: Binaries, sup: Supervisor, log: Log): Promise<void> {
  const dataDir = path.join(config.HOMEAGENT_DATA_DIR, 'postgres');
  const socketDir = path.join(config.HOMEAGENT_DATA_DIR, 'run');
  fs.mkdirSync(socketDir, { recursive: true });
  await chownToPostgres(socketDir);
  await assertPortFree(config.POSTGRES_PORT, 'POSTGRES_PORT');
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${dataDir}`);
    fs.mkdirSync(dataDir, { recursive: true });
    await chownToPostgres(dataDir);
    const [cmd, args] = asPostgresUser(path.join(bins.postgresBin, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      config.POSTGRES_USER,
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await run(cmd, args, { quiet: true });
  }
  // A crashed run leaves postmaster.pid behind; postgres itself handles a stale one safely.
  const [cmd, args] = asPostgresUser(path.join(bins.postgresBin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(config.POSTGRES_PORT),
    '-h',
    '127.0.0.1',
    '-k',
    socketDir,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=128MB',
    '-c',
    'fsync=on',
  ]);
  sup.start({ name: 'postgres', cmd, args, logFile: logPath(config, 'postgres'), stopSignal: 'SIGINT' });
  await waitFor(
    'PostgreSQL',
    async () => {
      const client = new Client({ host: '127.0.0.1', port: config.POSTGRES_PORT, user: config.POSTGRES_USER, database: 'postgres' });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [config.POSTGRES_DB]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${config.POSTGRES_DB}"`);
      } finally {
        await client.end();
      }
      return true;
    },
    60_000,
  );
}

/**
 * The broker's JVM, sized for one broker of a few topics (issue 16: the stack at idle within 1.2 GB): a 256 MB heap
 * cap, the serial collector (no G1 regions and remembered sets to hold; pauses are short on a heap this size), and
 * capped metaspace and JIT code cache. `KAFKA_HEAP_OPTS` replaces the heap flags, as in Kafka's own scripts.
 */
export function kafkaJvmOptions(env: NodeJS.ProcessEnv): string[] {
  const heap = env.KAFKA_HEAP_OPTS?.trim() ? env.KAFKA_HEAP_OPTS.trim().split(/\s+/) : ['-Xms64m', '-Xmx256m'];
  return [...heap, '-XX:+UseSerialGC', '-XX:MaxMetaspaceSize=96m', '-XX:ReservedCodeCacheSize=48m'];
}

export async function startKafka(config: AppConfig, bins: Binaries, sup: Supervisor, log: Log): Promise<void> {
  const dir = path.join(config.HOMEAGENT_DATA_DIR, 'kafka');
  const logDir = path.join(dir, 'log');
  const brokerPort = portOf(config.KAFKA_BROKERS.split(',')[0]);
  await assertPortFree(brokerPort, 'KAFKA_BROKERS');
  await assertPortFree(config.KAFKA_CONTROLLER_PORT, 'KAFKA_CONTROLLER_PORT');
  fs.mkdirSync(logDir, { recursive: true });
  const props = path.join(dir, 'server.properties');
  fs.writeFileSync(
    props,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${config.KAFKA_CONTROLLER_PORT}`,
      `listeners=PLAINTEXT://127.0.0.1:${brokerPort},CONTROLLER://127.0.0.1:${config.KAFKA_CONTROLLER_PORT}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${brokerPort}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `log.dirs=${logDir}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      // The topics are the system of record for the read models: nothing expires by default.
      'log.retention.ms=-1',
      'auto.create.topics.enable=false',
      // The log cleaner (compacted topics: consumer offsets) allocates its dedupe buffer on the heap at start,
      // 128 MB by default; a broker of this size needs a few.
      'log.cleaner.dedupe.buffer.size=8388608',
      '',
    ].join('\n'),
  );
  const log4j = path.join(dir, 'log4j.properties');
  fs.writeFileSync(
    log4j,
    'log4j.rootLogger=WARN, stdout\nlog4j.appender.stdout=org.apache.log4j.ConsoleAppender\n' +
      'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout\n' +
      'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n\nlog4j.logger.kafka=INFO\n',
  );
  const java = [...kafkaJvmOptions(process.env), `-Dlog4j.configuration=file:${log4j}`, '-cp', bins.kafkaClasspath];
  if (!fs.existsSync(path.join(logDir, 'meta.properties'))) {
    log(`formatting Kafka storage in ${logDir}`);
    await run('java', [...java, 'kafka.tools.StorageTool', 'format', '-t', randomUUID().replace(/-/g, '').slice(0, 22), '-c', props], { quiet: true });
  }
  sup.start({ name: 'kafka', cmd: 'java', args: [...java, 'kafka.Kafka', props], logFile: logPath(config, 'kafka') });
  await waitFor('Kafka', () => isPortOpen(brokerPort), 90_000);
}

/**
 * The dev server's SQLite spends most of a workflow's time waiting on fsync; a write-ahead log synced at
 * checkpoints (not at every commit) roughly doubles what a bare workflow completes per second here
 * (issue 16). A crash of the machine (not of the process) may lose the last moments of history: the dev
 * server is for one box; a deployment runs Temporal on its own database (README "Scaling out").
 */
export const TEMPORAL_SQLITE_PRAGMAS = ['--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal'];

export async function startTemporal(config: AppConfig, bins: Binaries, sup: Supervisor): Promise<void> {
  const port = portOf(config.TEMPORAL_ADDRESS);
  await assertPortFree(port, 'TEMPORAL_ADDRESS');
  await assertPortFree(config.TEMPORAL_UI_PORT, 'TEMPORAL_UI_PORT');
  const dir = path.join(config.HOMEAGENT_DATA_DIR, 'temporal');
  fs.mkdirSync(dir, { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--ui-port',
    String(config.TEMPORAL_UI_PORT),
    '--db-filename',
    path.join(dir, 'temporal.db'),
    ...TEMPORAL_SQLITE_PRAGMAS,
    '--namespace',
    config.TEMPORAL_NAMESPACE,
    '--log-level',
    'warn',
    '--search-attribute',
    'OrgId=Keyword',
    ...toDevServerFlags(loadTemporalDynamicConfig()),
  ];
  sup.start({ name: 'temporal', cmd: bins.temporal, args, logFile: logPath(config, 'temporal') });
  await waitFor('Temporal', async () => (await isPortOpen(port)) && (await isPortOpen(config.TEMPORAL_UI_PORT)), 90_000);
}

export function logPath(config: AppConfig, name: string): string {
  const dir = path.join(config.HOMEAGENT_DATA_DIR, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.log`);
}
