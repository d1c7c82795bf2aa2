import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's longest files (two minutes or more each) start first, in this order; the rest follow
 * in the order vitest chooses (by the timings of earlier runs, or by size in a fresh clone, where
 * the axe sweep came late and ran alone at the end). The two workers then finish together, which
 * keeps CI inside its time budget.
 */
const LONGEST = ['tests/browser/axe-sweep-', 'tests/integration/bad-input-suite', 'tests/browser/navigation-layout', 'tests/integration/watch-equals-build', 'tests/browser/font-swap-cls'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST.findIndex((name) => file.moduleId.includes(`/${name}`));
      return i === -1 ? LONGEST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/*
 * The CLI runs React (and whatever else reads NODE_ENV) as production code: packages/cli sets
 * NODE_ENV=production unless it is set. So do the tests, their in-process builds and the CLI
 * processes they start, rather than the development builds that vitest's default ('test') selects:
 * a small fixture build took 0.80 s with those and 0.63 s with these. It is set here, before vite
 * resolves this config, so that the TSX the tests import is compiled for React's production
 * runtime too (jsx, not jsxDEV).
 */
process.env.NODE_ENV = 'production';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
