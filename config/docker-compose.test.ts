import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { EnvSchema, loadConfig, type AppConfig } from './env';
import { loadTemporalDynamicConfig, toDevServerFlags } from './temporal-dynamic-config';
import { workerEnv } from './worker-env';

// Docker is not available where these tests run, so the compose file is checked as data: every
// address a product process is given must name a service in the file and a port that service serves.

const repoRoot = path.resolve(__dirname, '..');
const PRODUCT_DOCKERFILE = 'docker/Dockerfile';

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  init?: boolean;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: Array<string | number | { target: number; published?: number | string }>;
  expose?: Array<string | number>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  restart?: string;
};

const compose = YAML.parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };
const services = compose.services;
const packageScripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

const productServiceNames = Object.keys(services).filter((name) => services[name].build?.dockerfile === PRODUCT_DOCKERFILE);

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

function environmentOf(name: string): Record<string, string> {
  const env = service(name).environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq === -1 ? [entry, ''] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  }
  // Compose passes numbers and booleans to the container as their string form, and fills ${NAME:?message} from the
  // shell that runs it: here the variables a user must set (SHELL_VARIABLES).
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v == null ? '' : interpolate(String(v))]));
}

/** What a user exports before `docker compose up` (the compose file refuses to start without them). */
const SHELL_VARIABLES: Record<string, string> = { CRM_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') };

function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::[?-][^}]*)?\}/g, (_match, name: string) => {
    const given = SHELL_VARIABLES[name];
    if (given === undefined) throw new Error(`docker-compose.yml reads \${${name}} from the shell; add it to SHELL_VARIABLES`);
    return given;
  });
}

function configOf(name: string): AppConfig {
  return loadConfig(environmentOf(name));
}

function commandOf(name: string): string[] {
  const command = service(name).command ?? [];
  return Array.isArray(command) ? command.map(String) : command.trim().split(/\s+/);
}

/** The value after `flag` in a command, or undefined when the flag is absent. */
function flagValue(command: string[], flag: string): string | undefined {
  const at = command.indexOf(flag);
  return at === -1 ? undefined : command[at + 1];
}

type PortMapping = { published?: number; target: number };

function portsOf(name: string): PortMapping[] {
  return (service(name).ports ?? []).map((port) => {
    if (typeof port === 'object') {
      return { target: Number(port.target), published: port.published === undefined ? undefined : Number(port.published) };
    }
    // "[ip:]published:target[/proto]" or a bare "target".
    const parts = String(port)
      .replace(/\/\w+$/, '')
      .split(':');
    const target = Number(parts[parts.length - 1]);
    const published = parts.length >= 2 ? Number(parts[parts.length - 2]) : undefined;
    return { target, published };
  });
}

function publishedPortFor(name: string, containerPort: number): number | undefined {
  return portsOf(name).find((p) => p.target === containerPort)?.published;
}

function hostPort(address: string): { host: string; port: number } {
  const [host, port] = address.trim().split(':');
  return { host, port: Number(port) };
}

function urlPort(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

function dependsOn(name: string): Record<string, string | undefined> {
  const deps = service(name).depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([d, spec]) => [d, spec?.condition ?? 'service_started']));
}

function adapterVariables(): Array<[string, readonly string[]]> {
  return Object.entries(EnvSchema.shape)
    .filter(([key]) => key.endsWith('_ADAPTER'))
    .map(([key, schema]) => {
      const inner = schema instanceof z.ZodDefault ? schema.unwrap() : schema;
      if (!(inner instanceof z.ZodEnum)) throw new Error(`${key} is expected to be an enum in config/env.ts`);
      return [key, inner.options as readonly string[]];
    });
}

describe('docker-compose.yml', () => {
  it('defines the infrastructure and every product process', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'kafka', 'temporal', 'migrate', 'seed', 'worker', 'projectors', 'api', 'web']));
    expect([...productServiceNames].sort()).toEqual(['api', 'migrate', 'projectors', 'seed', 'web', 'worker']);
  });

  it('runs every process compiled (node on dist/, NODE_ENV=production, under init), the one-off migrate and seed too', () => {
    const compiled: Record<string, string> = {
      migrate: 'prisma/migrate',
      seed: 'prisma/seed',
      worker: 'worker/main',
      projectors: 'worker/projectors.main',
      api: 'api/main',
      web: 'web/server/main',
    };
    const build = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tsconfig.build.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { include: string[] };
    for (const name of productServiceNames) {
      const command = commandOf(name);
      expect({ name, init: service(name).init }).toEqual({ name, init: true });
      expect({ name, NODE_ENV: environmentOf(name).NODE_ENV }).toEqual({ name, NODE_ENV: 'production' });
      const entry = compiled[name];
      expect({ name, command }).toEqual({ name, command: ['node', '--enable-source-maps', `dist/${entry}.js`] });
      expect({ name, source: fs.existsSync(path.join(repoRoot, `${entry}.ts`)), built: build.include.some((dir) => entry.startsWith(`${dir}/`)) }).toEqual({
        name,
        source: true,
        built: true,
      });
    }
    expect(environmentOf('worker').WORKFLOW_BUNDLE_PATH).toBe('/app/dist/workflow-bundle.js');
  });

  it('gives the worker the memory settings that npm start and the test stack give it', () => {
    const { MALLOC_ARENA_MAX, NODE_OPTIONS } = workerEnv({});
    expect(environmentOf('worker')).toMatchObject({ MALLOC_ARENA_MAX, NODE_OPTIONS });
  });

  it('runs no npm script that package.json lacks anywhere in the file', () => {
    for (const name of Object.keys(services)) {
      const command = commandOf(name);
      command.forEach((word, i) => {
        if (word === 'npm' && command[i + 1] === 'run') {
          expect({ name, script: command[i + 2], exists: command[i + 2] in packageScripts }).toEqual({
            name,
            script: command[i + 2],
            exists: true,
          });
        }
      });
    }
  });

  it.each(productServiceNames)('gives %s an environment that config/env.ts accepts', (name) => {
    expect(() => configOf(name)).not.toThrow();
  });

  it.each(productServiceNames)('sets every adapter of %s explicitly to a value the schema allows', (name) => {
    const env = environmentOf(name);
    for (const [key, allowed] of adapterVariables()) {
      expect({ key, value: env[key] }).toEqual({ key, value: expect.any(String) });
      expect(allowed).toContain(env[key]);
    }
  });

  it('lets the worker and the projectors scale out (`--scale worker=2`): no fixed container name, no published port', () => {
    for (const name of ['worker', 'projectors']) {
      const svc = service(name) as Service & { container_name?: string };
      expect({ name, containerName: svc.container_name, ports: svc.ports }).toEqual({ name, containerName: undefined, ports: undefined });
    }
  });

  it('binds the API on all interfaces and publishes API_PORT', () => {
    const config = configOf('api');

    expect(config.API_HOST).toBe('0.0.0.0');
    expect(publishedPortFor('api', config.API_PORT)).toBe(3000);
  });

  it('binds the dashboard on all interfaces, publishes WEB_PORT and links to the published port', () => {
    const config = configOf('web');

    expect(environmentOf('web').WEB_HOST).toBe('0.0.0.0');
    expect(publishedPortFor('web', config.WEB_PORT)).toBe(5173);
    expect(urlPort(new URL(config.dashboardUrl))).toBe(publishedPortFor('web', config.WEB_PORT));
  });

  it("proxies the dashboard's /api to the api service's API_PORT", () => {
    const target = new URL(environmentOf('web').API_PROXY_TARGET);

    expect(target.hostname).toBe('api');
    expect(urlPort(target)).toBe(configOf('api').API_PORT);
  });

  it.each(productServiceNames)('points %s at the temporal service on the port its dev server listens on', (name) => {
    const config = configOf(name);
    const { host, port } = hostPort(config.TEMPORAL_ADDRESS);
    const command = commandOf('temporal');

    expect(host).toBe('temporal');
    expect(flagValue(command, '--ip')).toBe('0.0.0.0');
    expect(Number(flagValue(command, '--port') ?? 7233)).toBe(port);
    expect(publishedPortFor('temporal', port)).toBe(7233);
    expect(Number(flagValue(command, '--ui-port'))).toBe(config.TEMPORAL_UI_PORT);
    expect(publishedPortFor('temporal', config.TEMPORAL_UI_PORT)).toBe(8233);
    // start-dev always creates "default"; any other namespace must be asked for.
    if (config.TEMPORAL_NAMESPACE !== 'default') {
      expect(command).toEqual(expect.arrayContaining(['--namespace', config.TEMPORAL_NAMESPACE]));
    }
  });

  it('starts the Temporal dev server with the flags derived from temporal-config/dynamicconfig.yaml', () => {
    const command = commandOf('temporal');
    const inCompose = command.flatMap((word, i) => (word === '--dynamic-config-value' ? [word, command[i + 1]] : []));

    expect(inCompose).toEqual(toDevServerFlags(loadTemporalDynamicConfig()));
  });

  it.each(productServiceNames)("points %s's KAFKA_BROKERS at the kafka service's advertised PLAINTEXT listener", (name) => {
    const kafka = environmentOf('kafka');
    const advertised = new Map(
      kafka.KAFKA_ADVERTISED_LISTENERS.split(',').map((l) => {
        const [listener, address] = l.trim().split('://');
        return [address, listener] as const;
      }),
    );
    const listeners = new Map(
      kafka.KAFKA_LISTENERS.split(',').map((l) => {
        const [listener, address] = l.trim().split('://');
        return [listener, hostPort(address).port] as const;
      }),
    );
    const protocols = new Map(kafka.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP.split(',').map((m) => m.trim().split(':') as [string, string]));

    for (const broker of configOf(name).KAFKA_BROKERS.split(',')) {
      const { host, port } = hostPort(broker);
      const listener = advertised.get(`${host}:${port}`);

      expect(host).toBe('kafka');
      expect({ broker, listener }).toEqual({ broker, listener: expect.any(String) });
      expect(listeners.get(listener!)).toBe(port);
      expect(protocols.get(listener!)).toBe('PLAINTEXT');
    }
  });

  it.each(productServiceNames)("gives %s a DATABASE_URL that matches the postgres service's user, database and port", (name) => {
    const url = new URL(configOf(name).databaseUrl);
    const postgres = environmentOf('postgres');

    expect(url.protocol).toBe('postgresql:');
    expect(url.hostname).toBe('postgres');
    expect((service('postgres').expose ?? []).map(Number)).toContain(Number(url.port || 5432));
    expect(decodeURIComponent(url.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  });

  it('finishes migrating before any other product process starts', () => {
    const waitsForMigrate = (name: string): boolean =>
      Object.entries(dependsOn(name)).some(([dependency, condition]) =>
        dependency === 'migrate' ? condition === 'service_completed_successfully' : condition !== 'service_started' && waitsForMigrate(dependency),
      );

    for (const name of productServiceNames.filter((n) => n !== 'migrate')) {
      expect({ name, waitsForMigrate: waitsForMigrate(name) }).toEqual({ name, waitsForMigrate: true });
    }
    expect(dependsOn('migrate').postgres).toBe('service_healthy');
  });

  it('waits only for health that a service actually reports', () => {
    for (const name of Object.keys(services)) {
      for (const [dependency, condition] of Object.entries(dependsOn(name))) {
        expect({ name, dependency, exists: dependency in services }).toEqual({ name, dependency, exists: true });
        if (condition === 'service_healthy') {
          expect({ name, dependency, healthcheck: service(dependency).healthcheck?.test }).toEqual({
            name,
            dependency,
            healthcheck: expect.anything(),
          });
        }
      }
    }
  });
});
