import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isJourney = (file: TestSpecification) => file.project.name === 'e2e';

/**
 * The order `npm test` runs its files in: Vitest's own (project by project, larger or slower files first), with
 * the Chromium journeys spread evenly through the rest. They then run beside the other suites on the two workers
 * instead of alone after them (a project limited to one file at a time is a group of its own, run last, with the
 * second worker idle), and rarely two at once: each starts a server and a browser.
 */
export class SpreadJourneys extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter(isJourney);
    const others = sorted.filter((file) => !isJourney(file));
    const gap = others.length / Math.max(journeys.length, 1);
    const order: TestSpecification[] = [];
    let next = 0;
    others.forEach((file, index) => {
      while (next < journeys.length && next * gap <= index) order.push(journeys[next++] as TestSpecification);
      order.push(file);
    });
    return [...order, ...journeys.slice(next)];
  }
}
