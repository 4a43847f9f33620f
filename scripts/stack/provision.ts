import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { run, commandExists } from './exec';
import { KAFKA_SCALA_VERSION, KAFKA_VERSION, POSTGRES_MAJOR, SCHEMATHESIS_VERSION, TEMPORAL_CLI_VERSION, TEMPORAL_TEST_SERVER_VERSION } from './versions';

// Everything here is idempotent: a second run finds the cached folder and returns at once.
// Folders are written under a temporary name and renamed when complete, so an interrupted build is
// never mistaken for a finished one.

type Log = (msg: string) => void;

export interface Binaries {
  temporal: string;
  kafkaClasspath: string;
  postgresBin: string;
}

export async function provisionAll(cacheDir: string, log: Log): Promise<Binaries> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const [temporal, kafkaClasspath, postgresBin] = await Promise.all([provisionTemporal(cacheDir, log), provisionKafka(cacheDir, log), provisionPostgres(log)]);
  return { temporal, kafkaClasspath, postgresBin };
}

async function provisionTemporal(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `temporal-cli-${TEMPORAL_CLI_VERSION}`);
  const bin = path.join(dir, 'bin', 'temporal');
  await buildOnce(
    dir,
    () => fs.existsSync(bin),
    log,
    async () => {
      if (!(await commandExists('go'))) throw new Error('Go (>= 1.25) is needed once to build the Temporal CLI');
      log(`building the Temporal CLI v${TEMPORAL_CLI_VERSION} from the Go module proxy (once, about 5 minutes)`);
      const tmp = `${dir}.partial-${process.pid}`;
      fs.rmSync(tmp, { recursive: true, force: true });
      await run('go', ['install', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`], {
        env: { ...process.env, GOBIN: path.join(tmp, 'bin'), CGO_ENABLED: '0' },
        quiet: true,
      });
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(tmp, dir);
    },
  );
  return bin;
}

async function provisionKafka(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `kafka-${KAFKA_SCALA_VERSION}-${KAFKA_VERSION}`);
  await buildOnce(
    dir,
    () => fs.existsSync(path.join(dir, '.complete')),
    log,
    async () => {
      log(`fetching Kafka ${KAFKA_VERSION} and its dependencies from Maven Central (once)`);
      await fetchFromMavenCentral(dir, [
        { groupId: 'org.apache.kafka', artifactId: `kafka_${KAFKA_SCALA_VERSION}`, version: KAFKA_VERSION },
        { groupId: 'org.slf4j', artifactId: 'slf4j-reload4j', version: '1.7.36' },
      ]);
    },
  );
  return `${path.join(dir, 'libs')}/*`;
}

/**
 * Temporal's time-skipping test server (the Java SDK's, from Maven Central) for the workflow tests, with
 * a launcher taking the port as its first argument, as @temporalio/testing runs it.
 */
export async function provisionTemporalTestServer(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `temporal-test-server-${TEMPORAL_TEST_SERVER_VERSION}`);
  const launcher = path.join(dir, 'bin', 'temporal-test-server');
  await buildOnce(
    dir,
    () => fs.existsSync(path.join(dir, '.complete')),
    log,
    async () => {
      log(`fetching Temporal's test server ${TEMPORAL_TEST_SERVER_VERSION} from Maven Central (once)`);
      await fetchFromMavenCentral(dir, [{ groupId: 'io.temporal', artifactId: 'temporal-test-server', version: TEMPORAL_TEST_SERVER_VERSION }], (tmp) => {
        fs.mkdirSync(path.join(tmp, 'bin'));
        // exec, so the SDK's kill reaches the JVM. The SDK gives the server 5 s to answer: a small heap
        // and the C1 compiler start it in about a second on a busy machine.
        fs.writeFileSync(
          path.join(tmp, 'bin', 'temporal-test-server'),
          `#!/bin/sh\nexec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -cp "${path.join(dir, 'libs')}/*" io.temporal.testserver.TestServer "$@"\n`,
          { mode: 0o755 },
        );
      });
    },
  );
  return launcher;
}

/** Schemathesis from PyPI in a virtualenv of its own (`python3 -m venv` + pip), for `npm run fuzz:api`; returns its CLI. */
export async function provisionSchemathesis(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `schemathesis-${SCHEMATHESIS_VERSION}`);
  const cli = path.join(dir, 'bin', 'schemathesis');
  await buildOnce(
    dir,
    () => fs.existsSync(path.join(dir, '.complete')),
    log,
    async () => {
      if (!(await commandExists('python3'))) throw new Error('Python 3 (with its venv module) is needed once to install Schemathesis');
      log(`installing Schemathesis ${SCHEMATHESIS_VERSION} from PyPI into a virtualenv (once)`);
      // A virtualenv records its own path in its scripts, so it is built where it will live; .complete marks it finished.
      fs.rmSync(dir, { recursive: true, force: true });
      await run('python3', ['-m', 'venv', dir], { quiet: true });
      await run(path.join(dir, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], { quiet: true });
      fs.writeFileSync(path.join(dir, '.complete'), `${SCHEMATHESIS_VERSION}\n`);
    },
  );
  return cli;
}

/**
 * Builds `dir` unless `isDone()`, one process at a time: `npm start`, a test stack and a benchmark often
 * provision on the same cache at once, and the later ones wait for the first (a lock file `<dir>.lock` holding
 * its pid; a dead holder's lock is taken over) instead of building the same thing again beside it.
 */
export async function buildOnce(dir: string, isDone: () => boolean, log: Log, build: () => Promise<void>): Promise<void> {
  const lock = `${dir}.lock`;
  let waiting = false;
  for (;;) {
    if (isDone()) return;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(readIfPresent(lock));
    if (holder > 0 && !isAlive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (!waiting) log(`waiting for process ${holder || '(starting)'} to finish ${path.basename(dir)}`);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  try {
    if (!isDone()) await build();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const readIfPresent = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Copies artifacts and their dependencies into <dir>/libs; `finish` may add files before the folder is published. */
async function fetchFromMavenCentral(
  dir: string,
  artifacts: Array<{ groupId: string; artifactId: string; version: string }>,
  finish?: (tmp: string) => void,
): Promise<void> {
  const tmp = `${dir}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const dependencies = artifacts
    .map((a) => `    <dependency><groupId>${a.groupId}</groupId><artifactId>${a.artifactId}</artifactId><version>${a.version}</version></dependency>`)
    .join('\n');
  fs.writeFileSync(
    path.join(tmp, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.homeagent</groupId><artifactId>${path.basename(dir)}</artifactId><version>1</version>
  <dependencies>
${dependencies}
  </dependencies>
</project>
`,
  );
  await run('mvn', ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${path.join(tmp, 'libs')}`], {
    cwd: tmp,
    quiet: true,
  });
  finish?.(tmp);
  fs.writeFileSync(path.join(tmp, '.complete'), new Date().toISOString());
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
}

function findPostgresBin(): string | undefined {
  const candidates = [`/usr/lib/postgresql/${POSTGRES_MAJOR}/bin`];
  return candidates.find((d) => fs.existsSync(path.join(d, 'postgres')) && fs.existsSync(path.join(d, 'initdb')));
}

async function provisionPostgres(log: Log): Promise<string> {
  const found = findPostgresBin();
  if (found) return found;
  if (os.userInfo().uid !== 0) throw new Error(`PostgreSQL ${POSTGRES_MAJOR} is missing: apt-get install postgresql-${POSTGRES_MAJOR}`);
  log(`installing PostgreSQL ${POSTGRES_MAJOR} from Debian's packages (once)`);
  await run('apt-get', ['update', '-q'], { quiet: true });
  await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', `postgresql-${POSTGRES_MAJOR}`], {
    quiet: true,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL installed, but its binaries were not found');
  return bin;
}

/** Debian's Chromium for the browser tests; a test tool's own browser download cannot work here. */
export async function provisionChromium(log: Log): Promise<string> {
  const bin = '/usr/bin/chromium';
  if (fs.existsSync(bin)) return bin;
  if (os.userInfo().uid !== 0) throw new Error('Chromium is missing: apt-get install chromium');
  log("installing Debian's Chromium for the browser tests (once)");
  await run('apt-get', ['update', '-q'], { quiet: true });
  await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], {
    quiet: true,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return bin;
}
