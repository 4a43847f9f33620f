import { run } from './stack/exec';

const CHECKS = [
  { name: 'type check', script: 'typecheck', args: [] },
  { name: 'lint', script: 'lint', args: [] },
  { name: 'format', script: 'format:check', args: [] },
];

/**
 * Runs the type check, the linter and the formatter's check side by side; answers false (after printing why) if either fails.
 * Never rejects, so it can run alongside the server bring-up.
 */
export async function runStaticChecks(repoRoot: string, log: (m: string) => void): Promise<boolean> {
  const results = await Promise.all(
    CHECKS.map(async ({ name, script, args }) => {
      const started = Date.now();
      try {
        await run('npm', ['run', '--silent', script, ...args], { cwd: repoRoot, quiet: true });
        log(`${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return true;
      } catch (err) {
        console.error(`\n${err instanceof Error ? err.message : String(err)}`);
        log(`${name} FAILED (npm run ${script}); see its output above`);
        return false;
      }
    }),
  );
  return results.every(Boolean);
}
