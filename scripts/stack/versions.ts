/** Pinned server versions; each is cached under HOMEAGENT_CACHE_DIR in a folder named by version. */
export const TEMPORAL_CLI_VERSION = '1.5.1'; // last tag without a go.mod replace directive (temporalio/cli#907)
export const KAFKA_VERSION = '3.9.1'; // 3.9 keeps every protocol version kafkajs speaks (KIP-896)
export const KAFKA_SCALA_VERSION = '2.13';
export const POSTGRES_MAJOR = '15';
export const TEMPORAL_TEST_SERVER_VERSION = '1.38.0'; // io.temporal:temporal-test-server, the time-skipping server of the workflow tests
export const SCHEMATHESIS_VERSION = '4.32.5'; // PyPI; the API fuzzer of `npm run fuzz:api`, in a virtualenv of its own
