import fs from 'node:fs';
import type { AppConfig } from './env';

// How the product's processes reach the three servers when they are clusters rather than the local ones the
// stack scripts start: Temporal (a self-hosted cluster or Temporal Cloud), Kafka (a managed cluster) and
// PostgreSQL (DATABASE_URL, with `?sslmode=require` for a managed one, needs nothing here). Every process builds
// its connections from these two functions, so the API, the worker and the projectors agree.

export type TemporalSettings = Pick<AppConfig, 'TEMPORAL_ADDRESS'> &
  Partial<Pick<AppConfig, 'TEMPORAL_TLS' | 'TEMPORAL_API_KEY' | 'TEMPORAL_TLS_CERT_PATH' | 'TEMPORAL_TLS_KEY_PATH' | 'TEMPORAL_TLS_CA_PATH'>>;

export interface TemporalConnectionOptions {
  address: string;
  /** Absent for the local dev server (plain gRPC). */
  tls?: {
    clientCertPair?: { crt: Buffer; key: Buffer };
    serverRootCACertificate?: Buffer;
  };
  apiKey?: string;
}

/** The options both `Connection.connect` (API) and `NativeConnection.connect` (worker) take. */
export function temporalConnectionOptions(config: TemporalSettings, read: (file: string) => Buffer = fs.readFileSync): TemporalConnectionOptions {
  const mtls = config.TEMPORAL_TLS_CERT_PATH && config.TEMPORAL_TLS_KEY_PATH;
  const tlsOn = config.TEMPORAL_TLS === 'true' || Boolean(mtls) || Boolean(config.TEMPORAL_API_KEY) || Boolean(config.TEMPORAL_TLS_CA_PATH);
  if (!tlsOn) return { address: config.TEMPORAL_ADDRESS };
  return {
    address: config.TEMPORAL_ADDRESS,
    tls: {
      ...(mtls ? { clientCertPair: { crt: read(config.TEMPORAL_TLS_CERT_PATH!), key: read(config.TEMPORAL_TLS_KEY_PATH!) } } : {}),
      ...(config.TEMPORAL_TLS_CA_PATH ? { serverRootCACertificate: read(config.TEMPORAL_TLS_CA_PATH) } : {}),
    },
    ...(config.TEMPORAL_API_KEY ? { apiKey: config.TEMPORAL_API_KEY } : {}),
  };
}

type KafkaSettings = Pick<
  AppConfig,
  'KAFKA_BROKERS' | 'KAFKA_SSL' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD' | 'KAFKA_TOPIC_PARTITIONS' | 'KAFKA_REPLICATION_FACTOR'
>;

export interface KafkaConnectionOptions {
  brokers: string[];
  ssl: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  partitions: number;
  replicationFactor: number;
}

/** The cluster half of `createKafkaBus`'s options (the caller adds its client id, topic prefix and logger). */
export function kafkaConnectionOptions(config: KafkaSettings): KafkaConnectionOptions {
  return {
    brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
    ssl: config.KAFKA_SSL === 'true',
    ...(config.KAFKA_SASL_MECHANISM
      ? { sasl: { mechanism: config.KAFKA_SASL_MECHANISM, username: config.KAFKA_SASL_USERNAME!, password: config.KAFKA_SASL_PASSWORD! } }
      : {}),
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
}
