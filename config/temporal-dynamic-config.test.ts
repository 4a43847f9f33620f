import path from 'node:path';
import { TemporalDynamicConfigError, loadTemporalDynamicConfig, parseTemporalDynamicConfig, toDevServerFlags } from './temporal-dynamic-config';

function parseError(text: string): TemporalDynamicConfigError {
  try {
    parseTemporalDynamicConfig(text, 'fixture.yaml');
  } catch (err) {
    if (err instanceof TemporalDynamicConfigError) return err;
    throw err;
  }
  throw new Error('expected the dynamic config to be rejected');
}

describe('loadTemporalDynamicConfig', () => {
  it('loads the repository file with the settings the product relies on', () => {
    const config = loadTemporalDynamicConfig();

    expect(config['frontend.enableUpdateWorkflowExecution']).toEqual([{ value: true, constraints: {} }]);
    expect(config['limit.maxIDLength']).toEqual([{ value: 255, constraints: {} }]);
  });

  it('gives the repository file to the dev server in full, since none of its entries is constrained', () => {
    const config = loadTemporalDynamicConfig();

    expect(toDevServerFlags(config)).toHaveLength(Object.keys(config).length * 2);
  });

  it('names the file it could not read', () => {
    const missing = path.join(__dirname, 'no-such-dynamicconfig.yaml');

    expect(() => loadTemporalDynamicConfig(missing)).toThrow(TemporalDynamicConfigError);
    expect(() => loadTemporalDynamicConfig(missing)).toThrow(missing);
  });
});

describe('parseTemporalDynamicConfig', () => {
  it('treats missing or null constraints as empty, as the server does', () => {
    const config = parseTemporalDynamicConfig(['a.one:', '  - value: 1', 'a.two:', '  - value: 2', '    constraints:'].join('\n'));

    expect(config).toEqual({
      'a.one': [{ value: 1, constraints: {} }],
      'a.two': [{ value: 2, constraints: {} }],
    });
  });

  it('accepts an empty file', () => {
    expect(parseTemporalDynamicConfig('')).toEqual({});
  });

  it('rejects malformed YAML', () => {
    const err = parseError('limit.maxIDLength:\n  - value: [255\n');

    expect(err.message).toContain('fixture.yaml');
    expect(err.issues.length).toBeGreaterThan(0);
  });

  it('rejects a key given twice', () => {
    const err = parseError(['limit.maxIDLength:', '  - value: 255', 'limit.maxIDLength:', '  - value: 1000'].join('\n'));

    expect(err.issues.join('\n')).toMatch(/unique/i);
  });

  it('rejects a key whose entries are not a list', () => {
    const err = parseError('limit.maxIDLength: 255\n');

    expect(err.issues[0]).toMatch(/^limit\.maxIDLength: /);
  });

  it('rejects an entry without a value', () => {
    const err = parseError('limit.maxIDLength:\n  - constraints: {}\n');

    expect(err.issues[0]).toMatch(/^limit\.maxIDLength\.0\.value: /);
  });

  it('rejects a misspelt field or constraint name instead of ignoring it', () => {
    expect(parseError('a.b:\n  - value: 1\n    constraint: {}\n').issues[0]).toMatch(/constraint/);
    expect(parseError('a.b:\n  - value: 1\n    constraints: {namepsace: x}\n').issues[0]).toMatch(/namepsace/);
  });

  it('rejects a task type the server does not know', () => {
    expect(() => parseTemporalDynamicConfig('a.b:\n  - value: 1\n    constraints: {taskType: Nexus}\n')).toThrow(TemporalDynamicConfigError);
  });

  it('rejects a key the CLI flag cannot carry', () => {
    expect(parseError('"a.b=c":\n  - value: 1\n').issues[0]).toMatch(/dotted Temporal key/);
    expect(parseError('nodots:\n  - value: 1\n').issues[0]).toMatch(/dotted Temporal key/);
  });

  it('rejects two unconstrained entries for one key, which would be ambiguous', () => {
    const err = parseError(['a.b:', '  - value: 1', '    constraints: {}', '  - value: 2'].join('\n'));

    expect(err.issues[0]).toMatch(/more than one entry with empty constraints/);
  });
});

describe('toDevServerFlags', () => {
  it('renders each value as JSON after its key, in file order', () => {
    const config = parseTemporalDynamicConfig(
      [
        'system.forceSearchAttributesCacheRefreshOnRead:',
        '  - value: true',
        'limit.maxIDLength:',
        '  - value: 255',
        'history.defaultActivityRetryPolicy:',
        '  - value: {InitialIntervalInSeconds: 1, BackoffCoefficient: 2.5}',
        'matching.longPollExpirationInterval:',
        '  - value: 30s',
      ].join('\n'),
    );

    expect(toDevServerFlags(config)).toEqual([
      '--dynamic-config-value',
      'system.forceSearchAttributesCacheRefreshOnRead=true',
      '--dynamic-config-value',
      'limit.maxIDLength=255',
      '--dynamic-config-value',
      'history.defaultActivityRetryPolicy={"InitialIntervalInSeconds":1,"BackoffCoefficient":2.5}',
      '--dynamic-config-value',
      'matching.longPollExpirationInterval="30s"',
    ]);
  });

  it('passes only the unconstrained entry of a key and skips keys that are constrained only', () => {
    const config = parseTemporalDynamicConfig(
      [
        'frontend.namespaceRPS.visibility:',
        '  - value: 50',
        '    constraints: {namespace: reporting}',
        '  - value: 100',
        '    constraints: {}',
        'matching.numTaskqueueReadPartitions:',
        '  - value: 1',
        '    constraints: {namespace: default, taskQueueName: calls}',
      ].join('\n'),
    );

    expect(toDevServerFlags(config)).toEqual(['--dynamic-config-value', 'frontend.namespaceRPS.visibility=100']);
  });

  it('returns no flags for an empty config', () => {
    expect(toDevServerFlags({})).toEqual([]);
  });
});
