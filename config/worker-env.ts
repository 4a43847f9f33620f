/**
 * The worker's environment: glibc's malloc limited to two arenas (`MALLOC_ARENA_MAX`) and a V8 heap cap
 * (`WORKER_MAX_OLD_SPACE_MB`, passed as `--max-old-space-size`, which also caps each of its workflow threads),
 * so its memory stays flat under load (README "Soak"). A value already set in `env` wins.
 */
export function workerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const heapMb = env.WORKER_MAX_OLD_SPACE_MB ?? '512';
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    NODE_OPTIONS: /--max-old-space-size/.test(nodeOptions) ? nodeOptions : `${nodeOptions} --max-old-space-size=${heapMb}`.trim(),
  };
}
