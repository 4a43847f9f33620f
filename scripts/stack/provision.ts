import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { run, commandExists } from './exec';
import { KAFKA_SCALA_VERSION, KAFKA_VERSION, POSTGRES_MAJOR, TEMPORAL_CLI_VERSION } from './versions';

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
  const [temporal, kafkaClasspath, postgresBin] = await Promise.all([
    provisionTemporal(cacheDir, log),
    provisionKafka(cacheDir, log),
    provisionPostgres(log),
  ]);
  return { temporal, kafkaClasspath, postgresBin };
}

async function provisionTemporal(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `temporal-cli-${TEMPORAL_CLI_VERSION}`);
  const bin = path.join(dir, 'bin', 'temporal');
  if (fs.existsSync(bin)) return bin;
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
  return bin;
}

async function provisionKafka(cacheDir: string, log: Log): Promise<string> {
  const dir = path.join(cacheDir, `kafka-${KAFKA_SCALA_VERSION}-${KAFKA_VERSION}`);
  const libs = path.join(dir, 'libs');
  if (fs.existsSync(path.join(dir, '.complete'))) return `${libs}/*`;
  log(`fetching Kafka ${KAFKA_VERSION} and its dependencies from Maven Central (once)`);
  const tmp = `${dir}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(
    path.join(tmp, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.homeagent</groupId><artifactId>kafka-server</artifactId><version>${KAFKA_VERSION}</version>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_${KAFKA_SCALA_VERSION}</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
`,
  );
  await run('mvn', ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${path.join(tmp, 'libs')}`], {
    cwd: tmp,
    quiet: true,
  });
  fs.writeFileSync(path.join(tmp, '.complete'), new Date().toISOString());
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return `${libs}/*`;
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
