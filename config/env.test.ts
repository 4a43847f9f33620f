import { ConfigError, loadConfig, TEST_STACK_ENV, testStackEnv, type AppConfig } from './env';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected the configuration to be rejected');
}

function portOf(address: string): number {
  return Number(address.split(':')[1]);
}

describe('loadConfig', () => {
  it('runs the whole product offline on the local default ports when nothing is set', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: 3000,
      WEB_PORT: 5173,
      POSTGRES_PORT: 5433,
      KAFKA_BROKERS: '127.0.0.1:9092',
      TEMPORAL_ADDRESS: '127.0.0.1:7233',
      TEMPORAL_NAMESPACE: 'default',
      CRM_ADAPTER: 'sandbox',
      LLM_ADAPTER: 'offline',
      MESSAGING_ADAPTER: 'outbox',
      SESSION_TTL_HOURS: 168,
    });
    expect(config.ADMIN_API_TOKEN).toBeUndefined();
    expect(config.dashboardUrl).toBe('http://127.0.0.1:5173');
    expect(config.temporalUiUrl).toBe('http://127.0.0.1:8233');
  });

  it('reads numbers from their string form, as the environment gives them', () => {
    const config = loadConfig({ API_PORT: '8080', SESSION_TTL_HOURS: '12' });

    expect(config.API_PORT).toBe(8080);
    expect(config.SESSION_TTL_HOURS).toBe(12);
  });

  it.each([
    ['API_PORT', 'abc'],
    ['API_PORT', '70000'],
    ['POSTGRES_PORT', '0'],
    ['KAFKA_BROKERS', 'nope'],
    ['KAFKA_BROKERS', '127.0.0.1:9092,kafka'],
    ['TEMPORAL_ADDRESS', 'localhost'],
    ['CRM_ADAPTER', 'zoho'],
    ['LLM_ADAPTER', 'gpt'],
    ['KAFKA_TOPIC_PREFIX', 'HomeAgent.'],
    ['DATABASE_URL', 'not a url'],
    ['ADMIN_API_TOKEN', 'short'],
    ['LOG_LEVEL', 'verbose'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const err = configError({ [name]: value });

    expect(err.message).toContain(name);
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('names every bad variable at once, so one start-up shows all the mistakes', () => {
    const err = configError({ API_PORT: 'abc', CRM_ADAPTER: 'zoho', WEB_PORT: '5173' });

    expect(err.issues.map((issue) => issue.split(':')[0]).sort()).toEqual(['API_PORT', 'CRM_ADAPTER']);
  });

  it('builds the database URL from its parts, escaping the password', () => {
    const config = loadConfig({
      POSTGRES_HOST: 'db.internal',
      POSTGRES_PORT: '6543',
      POSTGRES_USER: 'agent',
      POSTGRES_PASSWORD: 'p@ss/w:rd',
      POSTGRES_DB: 'homeagent_dev',
    });
    const url = new URL(config.databaseUrl);

    expect(config.databaseUrl).toBe('postgresql://agent:p%40ss%2Fw%3Ard@db.internal:6543/homeagent_dev');
    expect(decodeURIComponent(url.password)).toBe('p@ss/w:rd');
  });

  it('leaves the password out of the database URL when there is none', () => {
    expect(loadConfig({}).databaseUrl).toBe('postgresql://homeagent@127.0.0.1:5433/homeagent');
  });

  it('lets DATABASE_URL override the parts', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://u:p@postgres:5432/prod', POSTGRES_PORT: '6543' });

    expect(config.databaseUrl).toBe('postgresql://u:p@postgres:5432/prod');
  });

  it('derives the Temporal UI address from the Temporal host and UI port', () => {
    expect(loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_UI_PORT: '9000' }).temporalUiUrl).toBe('http://temporal:9000');
  });
});

describe('TEST_STACK_ENV', () => {
  // The test stack runs beside a running demo; sharing a port or data directory would disturb it.
  const demo = loadConfig({});
  const test = loadConfig(TEST_STACK_ENV);
  const ports = (c: AppConfig) => ({
    postgres: c.POSTGRES_PORT,
    kafka: portOf(c.KAFKA_BROKERS),
    kafkaController: c.KAFKA_CONTROLLER_PORT,
    temporal: portOf(c.TEMPORAL_ADDRESS),
    temporalUi: c.TEMPORAL_UI_PORT,
    api: c.API_PORT,
    web: c.WEB_PORT,
  });

  it('is a valid configuration', () => {
    expect(() => loadConfig(TEST_STACK_ENV)).not.toThrow();
    expect(test.NODE_ENV).toBe('test');
  });

  it('uses no port that the default stack uses', () => {
    const demoPorts = new Set(Object.values(ports(demo)));

    for (const [server, port] of Object.entries(ports(test))) {
      expect({ server, port, clashes: demoPorts.has(port) }).toEqual({ server, port, clashes: false });
    }
  });

  it('gives each test server a port of its own', () => {
    const testPorts = Object.values(ports(test));

    expect(new Set(testPorts).size).toBe(testPorts.length);
  });

  it('keeps its data apart from the default stack', () => {
    expect(test.HOMEAGENT_DATA_DIR).not.toBe(demo.HOMEAGENT_DATA_DIR);
    expect(test.databaseUrl).not.toBe(demo.databaseUrl);
  });
});

describe('testStackEnv slots', () => {
  const portsOf = (env: Record<string, string>) => {
    const c = loadConfig(env);
    return [c.POSTGRES_PORT, portOf(c.KAFKA_BROKERS), c.KAFKA_CONTROLLER_PORT, portOf(c.TEMPORAL_ADDRESS), c.TEMPORAL_UI_PORT, c.API_PORT, c.WEB_PORT];
  };

  it('gives two slots disjoint ports and data directories', () => {
    const a = testStackEnv({ HOMEAGENT_TEST_SLOT: '0' });
    const b = testStackEnv({ HOMEAGENT_TEST_SLOT: '2' });
    const shared = portsOf(a).filter((p) => portsOf(b).includes(p));
    expect(shared).toEqual([]);
    expect(a.HOMEAGENT_DATA_DIR).not.toBe(b.HOMEAGENT_DATA_DIR);
    expect(portsOf(b)[0]).toBe(15633);
  });

  it('refuses a slot that is not one digit, naming the variable', () => {
    expect(() => testStackEnv({ HOMEAGENT_TEST_SLOT: '12' })).toThrow(/HOMEAGENT_TEST_SLOT/);
  });
});

describe('the OpenAI-compatible engine settings', () => {
  it('needs a model when LLM_ADAPTER is openai, naming the variable', () => {
    expect(() => loadConfig({ LLM_ADAPTER: 'openai' })).toThrow(/OPENAI_MODEL/);
  });

  it('refuses a timeout that is not a number of milliseconds, and prices that are not JSON', () => {
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: 'soon' })).toThrow(/OPENAI_TIMEOUT_MS/);
    expect(() => loadConfig({ OPENAI_PRICES: '{gpt: cheap}' })).toThrow(/OPENAI_PRICES/);
  });
});
