import { ConfigError, loadConfig } from './env';
import { kafkaConnectionOptions, temporalConnectionOptions } from './cluster-connections';

const issues = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
};

describe('temporalConnectionOptions', () => {
  const files: Record<string, string> = { '/s/client.pem': 'CERT', '/s/client.key': 'KEY', '/s/ca.pem': 'CA' };
  const read = (file: string) => {
    if (!(file in files)) throw new Error(`no such file ${file}`);
    return Buffer.from(files[file]);
  };

  it('speaks plain gRPC to the local dev server', () => {
    expect(temporalConnectionOptions(loadConfig({}), read)).toEqual({ address: '127.0.0.1:7233' });
  });

  it('takes an API key over TLS for Temporal Cloud', () => {
    const c = loadConfig({ TEMPORAL_ADDRESS: 'us-east-1.aws.api.temporal.io:7233', TEMPORAL_NAMESPACE: 'acme.a1b2c', TEMPORAL_API_KEY: 'tk_1' });
    expect(temporalConnectionOptions(c, read)).toEqual({ address: 'us-east-1.aws.api.temporal.io:7233', tls: {}, apiKey: 'tk_1' });
  });

  it('reads the client certificate pair and a CA for mTLS', () => {
    const c = loadConfig({
      TEMPORAL_ADDRESS: 'acme.a1b2c.tmprl.cloud:7233',
      TEMPORAL_TLS_CERT_PATH: '/s/client.pem',
      TEMPORAL_TLS_KEY_PATH: '/s/client.key',
      TEMPORAL_TLS_CA_PATH: '/s/ca.pem',
    });
    const o = temporalConnectionOptions(c, read);
    expect(o.apiKey).toBeUndefined();
    expect(o.tls?.clientCertPair?.crt.toString()).toBe('CERT');
    expect(o.tls?.clientCertPair?.key.toString()).toBe('KEY');
    expect(o.tls?.serverRootCACertificate?.toString()).toBe('CA');
  });

  it('turns TLS on alone for a cluster with a public certificate', () => {
    expect(temporalConnectionOptions(loadConfig({ TEMPORAL_TLS: 'true' }), read)).toEqual({ address: '127.0.0.1:7233', tls: {} });
  });

  it('refuses half a client certificate and a bad flag, naming the variable', () => {
    expect(issues({ TEMPORAL_TLS_CERT_PATH: '/s/client.pem' })).toEqual(['TEMPORAL_TLS_KEY_PATH: required with the other half of the client certificate']);
    expect(issues({ TEMPORAL_TLS_KEY_PATH: '/s/client.key' })).toEqual(['TEMPORAL_TLS_CERT_PATH: required with the other half of the client certificate']);
    expect(issues({ TEMPORAL_TLS: 'yes' })[0]).toMatch(/^TEMPORAL_TLS: /);
  });
});

describe('kafkaConnectionOptions', () => {
  it('is the local broker, plain, three partitions and one replica unless told', () => {
    expect(kafkaConnectionOptions(loadConfig({}))).toEqual({ brokers: ['127.0.0.1:9092'], ssl: false, partitions: 3, replicationFactor: 1 });
  });

  it('carries TLS, SASL and the topic layout of a managed cluster', () => {
    const c = loadConfig({
      KAFKA_BROKERS: 'b-1.kafka.example.com:9096, b-2.kafka.example.com:9096',
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'homeagent',
      KAFKA_SASL_PASSWORD: 's3cret',
      KAFKA_TOPIC_PARTITIONS: '12',
      KAFKA_REPLICATION_FACTOR: '3',
    });
    expect(kafkaConnectionOptions(c)).toEqual({
      brokers: ['b-1.kafka.example.com:9096', 'b-2.kafka.example.com:9096'],
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'homeagent', password: 's3cret' },
      partitions: 12,
      replicationFactor: 3,
    });
  });

  it('needs both SASL credentials with a mechanism, and a known mechanism', () => {
    expect(issues({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' })).toEqual(['KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set']);
    expect(issues({ KAFKA_SASL_MECHANISM: 'gssapi' })[0]).toMatch(/^KAFKA_SASL_MECHANISM: /);
    expect(issues({ KAFKA_TOPIC_PARTITIONS: '0' })[0]).toMatch(/^KAFKA_TOPIC_PARTITIONS: /);
  });
});
