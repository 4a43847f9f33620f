import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { historyFromFixture } from '../tests/support/workflow-history';
import { bundleWorkflows } from '../tests/support/workflow-environment';

// Every recorded history (workflows/<capability>/histories/*.json, `npm run record:histories`) must replay
// on today's workflow code: a change that would break a run in flight fails here, not in production.
const fixtures = fs
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(__dirname, d.name, 'histories')))
  .flatMap((d) => fs.readdirSync(path.join(__dirname, d.name, 'histories')).map((f) => path.join(d.name, 'histories', f)))
  .filter((f) => f.endsWith('.json'));

let workflowBundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  workflowBundle = await bundleWorkflows();
}, 60_000);

test('there are recorded histories to replay', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(9);
});

test.each(fixtures)(
  '%s replays without nondeterminism',
  async (fixture) => {
    const history = historyFromFixture(fs.readFileSync(path.join(__dirname, fixture), 'utf8'));
    await expect(Worker.runReplayHistory({ workflowBundle, replayName: fixture }, history)).resolves.toBeUndefined();
  },
  30_000,
);
