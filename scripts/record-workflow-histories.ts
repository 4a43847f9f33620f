import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflows, startTimeSkippingEnvironment, withWorker } from '../tests/support/workflow-environment';
import { historyToFixture } from '../tests/support/workflow-history';
import { scenarios } from '../tests/support/workflow-scenarios';

// `npm run record:histories`: records each workflow's main path once, as the replay fixtures of
// workflows/histories.replay.test.ts. Run it only to add a fixture: the committed ones are histories of
// runs that may still be in flight, and a workflow change must keep replaying them.
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const env = await startTimeSkippingEnvironment();
  const workflowBundle = await bundleWorkflows();
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (only.length > 0 && !only.some((o) => scenario.fixture.includes(o))) continue;
      const taskQueue = `record-${i}`;
      const workflowId = `record/${path.basename(scenario.fixture, '.json')}`;
      const handle = await withWorker(env, { taskQueue, workflowBundle, activities: scenario.activities() }, () =>
        scenario.run(env.client, taskQueue, workflowId),
      );
      const file = path.join(__dirname, '..', 'workflows', scenario.fixture);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, historyToFixture(await handle.fetchHistory()));
      console.log(`recorded ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await env.teardown();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
