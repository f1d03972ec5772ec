#!/usr/bin/env node
// `npm run test:repeat -- --browser 3`: the browser lane of `npm test` (scripts/test-lanes.mjs),
// that many times in a row, each run on a fresh local stack, with no retry. Prints each run's
// result and time, and fails if any run failed: a test that fails once in a few runs is flaky, a
// bug in the product or in the test to find, not a run to repeat until it passes.
import { parseArgs } from 'node:util';
import { lanes, runLane } from './test-lanes.mjs';

// As `npm test` runs it (scripts/bootstrap.mjs): the SDK's notice about Node 22 says nothing new.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({ options: { browser: { type: 'string', default: '3' } } });
const times = Number(values.browser);
if (!Number.isInteger(times) || times < 1) {
  console.error(`--browser takes a number of runs (1 or more), not "${values.browser}"`);
  process.exit(2);
}

const results = [];
for (let run = 1; run <= times; run++) {
  console.log(`\n════ browser lane, run ${run} of ${times} ════`);
  const result = await runLane(lanes.browser);
  results.push(result);
  console.log(`run ${run} of ${times}: ${result.text}`);
}
console.log(`\n${results.map((result, index) => `run ${index + 1}: ${result.text}`).join('\n')}`);
const passed = results.filter((result) => result.passed).length;
console.log(`${passed} of ${times} runs passed`);
if (passed !== times) process.exit(1);
