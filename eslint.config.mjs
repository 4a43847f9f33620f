// @ts-check
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Layer order (README "Layout", STYLE.md): domain ← lib ← events ← activities ← workflows ← api, worker.
// Each layer lists the product folders it may import; everything else in PRODUCT is off limits.
// `prisma/client.ts` and `prisma/generated` are the database driver: the layers that do I/O may use it.
const PRODUCT = ['domain', 'lib', 'events', 'activities', 'workflows', 'api', 'worker', 'config', 'scripts', 'prisma', 'tests', 'web'];
const DB = ['prisma/client.ts', 'prisma/generated'];
const TEST_SUPPORT = ['tests/support'];

const LAYERS = {
  domain: ['domain'],
  lib: ['domain', 'lib'],
  events: ['domain', 'lib', 'events', ...DB],
  activities: ['domain', 'lib', 'events', 'activities', ...DB],
  // Activities only as types, checked by no-restricted-imports below (no-restricted-paths cannot tell types).
  workflows: ['domain', 'workflows', 'activities'],
  api: ['domain', 'lib', 'events', 'activities', 'workflows', 'api', 'config', ...DB],
  worker: ['domain', 'lib', 'events', 'activities', 'workflows', 'worker', 'config', ...DB],
  config: ['domain', 'lib', 'config'],
  // The web app imports only itself and the shared contracts; its browser tests drive the running product.
  web: ['web', 'domain'],
  // Tooling and test support may reach any server layer, never into the web app.
  scripts: PRODUCT.filter((dir) => dir !== 'web'),
  prisma: PRODUCT.filter((dir) => dir !== 'web'),
  tests: PRODUCT.filter((dir) => dir !== 'web'),
};

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const ASSEMBLED_TEST_FILES = ['**/*.int.test.ts', '**/*.e2e.test.ts'];
const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

/** Zones forbidding every product folder `allowed` does not contain, for files under `layer`. */
function layerZones(layer, allowed) {
  const forbidden = PRODUCT.filter((dir) => !allowed.some((a) => a === dir || a.startsWith(`${dir}/`)));
  const zones = [];
  if (forbidden.length > 0) {
    zones.push({ target: `./${layer}`, from: forbidden.map((d) => `./${d}`), message: `${layer}/ may import only ${allowed.join(', ')}.` });
  }
  // A folder allowed only in part (prisma: the client, not the seed or migrator).
  for (const dir of PRODUCT) {
    const parts = allowed.filter((a) => a.startsWith(`${dir}/`));
    if (parts.length === 0) continue;
    zones.push({
      target: `./${layer}`,
      from: `./${dir}`,
      except: parts.map((p) => `./${p.slice(dir.length + 1)}`),
      message: `${layer}/ may import only ${parts.join(', ')} from ${dir}/.`,
    });
  }
  return zones;
}

const nodeBuiltins = [...new Set(builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `node:${m}`]))];
const serverPackages = ['express', 'kafkajs', 'pg', 'pino', 'supertest', 'swagger-ui-dist', 'yaml'];
const prismaPackages = ['@prisma/*', 'prisma', 'prisma/*'];

const noIo = {
  paths: [...nodeBuiltins, ...serverPackages].map((name) => ({ name, message: 'domain/ is pure: no I/O and no Node built-ins.' })),
  patterns: [{ group: [...prismaPackages, '@temporalio/*'], message: 'domain/ is pure: no Prisma or Temporal.' }],
};

// What Temporal's workflow bundler rejects (@temporalio/worker `disallowedModules`), plus the drivers the
// product uses and Node built-ins even where the sandbox tolerates them.
const workflowImports = {
  paths: [
    ...nodeBuiltins.map((name) => ({ name, message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' })),
    ...serverPackages.map((name) => ({ name, message: 'Workflow code does no I/O; call an activity.' })),
    { name: 'uuid', message: 'Use uuid4() from @temporalio/workflow.' },
  ],
  patterns: [
    {
      group: ['@temporalio/*', '!@temporalio/workflow', '!@temporalio/workflow/*', '!@temporalio/common', '@temporalio/common/lib/internal-non-workflow*'],
      message: 'Workflow code may import only @temporalio/workflow and @temporalio/common.',
    },
    { group: prismaPackages, message: 'Workflow code does no I/O; call an activity.' },
    {
      regex: '(^|/)activities(/|$)',
      allowTypeImports: true,
      message: 'Workflows import activities as types only (proxyActivities<typeof …>); their code runs in the worker.',
    },
  ],
};

const workflowGlobals = [
  ...['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate'].map((name) => ({
    name,
    message: 'Use sleep() or condition() from @temporalio/workflow: timers must be recorded in history.',
  })),
  ...['WeakRef', 'FinalizationRegistry'].map((name) => ({ name, message: 'Garbage collection is not deterministic; Temporal rejects this in workflows.' })),
  { name: 'crypto', message: 'Use uuid4() from @temporalio/workflow.' },
  { name: 'process', message: 'Workflow code cannot read the process; pass values in the workflow input.' },
  { name: 'require', message: 'Workflow code imports statically.' },
];

const boundaryRules = (layer, allowed) => ({
  'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones(layer, allowed) }],
});

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'web/dist-floor/', '.data/', 'coverage/', 'prisma/generated/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  tseslint.configs.recommended,
  {
    files: [...TS_FILES, '**/*.js', '**/*.mjs'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: globals.node },
    settings: {
      // Only relative imports cross the boundaries, so the root tsconfig resolves every file.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // `declare global { namespace Express … }` is how Express's request type is augmented.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read untyped JSON bodies and poke at internals.
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Later blocks that set no-restricted-imports replace this one; they ban kafkajs too.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['events/bus/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kafkajs', message: 'events/bus is the only Kafka client; publish through the event bus.' }] },
      ],
    },
  },

  // Layer boundaries. Unit tests follow their layer, and may also use the shared test support and build
  // settings with the product's own env parser (config/). Integration and browser tests assemble the
  // product (a worker, the API, the event catalog), so they may reach any server layer.
  ...Object.entries(LAYERS).flatMap(([layer, allowed]) => [
    { files: [`${layer}/**`], ignores: TEST_FILES, rules: boundaryRules(layer, allowed) },
    {
      files: TEST_FILES.map((f) => `${layer}/${f}`),
      ignores: ASSEMBLED_TEST_FILES,
      rules: boundaryRules(layer, [...allowed, ...TEST_SUPPORT, 'config']),
    },
    ...(layer === 'web' ? [] : [{ files: ASSEMBLED_TEST_FILES.map((f) => `${layer}/${f}`), rules: boundaryRules(layer, LAYERS.tests) }]),
  ]),
  {
    files: ['domain/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', noIo] },
  },
  {
    files: ['web/src/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, ...serverPackages].map((name) => ({ name, message: 'The dashboard runs in the browser.' })),
          patterns: [{ group: [...prismaPackages, '@temporalio/*'], message: 'The dashboard runs in the browser.' }],
        },
      ],
    },
  },

  // Temporal's determinism rules: workflow code is bundled into a sandbox and replayed from history.
  {
    files: ['workflows/**'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', workflowImports],
      'no-restricted-globals': ['error', ...workflowGlobals],
    },
  },

  prettier,
]);
