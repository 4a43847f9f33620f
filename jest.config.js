// Three projects, named by the test file suffixes of STYLE.md: *.test.ts (no I/O),
// *.int.test.ts (real Postgres, Kafka and Temporal), *.e2e.test.ts (the running product in Chromium).
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
};
const common = {
  rootDir: __dirname,
  transform,
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  modulePathIgnorePatterns: ['/.data/', '/dist/'],
  // The dashboard's alias for domain/contracts (web/vite.config.ts, web/tsconfig.json).
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/domain/contracts/$1' },
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '\\.e2e\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      slowTestThreshold: 30,
      setupFilesAfterEnv: ['<rootDir>/tests/support/integration-timeout.ts'],
    },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/**/*.e2e.test.ts'], slowTestThreshold: 60 },
  ],
};
