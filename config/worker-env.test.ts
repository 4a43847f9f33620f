import { workerEnv } from './worker-env';

describe('workerEnv', () => {
  it('limits malloc arenas and caps the V8 heap by default, keeping the rest of the environment', () => {
    expect(workerEnv({ API_PORT: '3000' })).toEqual({ API_PORT: '3000', MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-old-space-size=512' });
  });

  it('takes the cap from WORKER_MAX_OLD_SPACE_MB and appends it to NODE_OPTIONS already set', () => {
    const env = workerEnv({ WORKER_MAX_OLD_SPACE_MB: '768', NODE_OPTIONS: '--enable-source-maps' });
    expect(env.NODE_OPTIONS).toBe('--enable-source-maps --max-old-space-size=768');
  });

  it('leaves a heap cap and an arena count the caller set alone', () => {
    const env = workerEnv({ NODE_OPTIONS: '--max-old-space-size=2048', MALLOC_ARENA_MAX: '4' });
    expect(env).toMatchObject({ NODE_OPTIONS: '--max-old-space-size=2048', MALLOC_ARENA_MAX: '4' });
  });
});
