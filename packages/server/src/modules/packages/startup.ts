import { BUILDING_STATUSES, JOB_MESSAGES } from '@tessera/shared';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { announce } from './build.job.ts';
import type { PackagesDeps } from './packages.deps.ts';
import { packages } from './packages.tables.ts';
/**
 * A build interrupted by a restart leaves its job failed (the jobs platform's recovery); its package must not
 * stay "building" for ever: a package in a building state with no unfinished build job is failed, saying why.
 * At start-up for every package; when another process's recovery fails a build job (its worker died), for that
 * job's package, and the people looking at it are told.
 */
export async function failInterruptedBuilds(
  { db, realtime, log }: Pick<PackagesDeps, 'db' | 'realtime' | 'log'>,
  packageId?: string,
): Promise<void> {
  const failed = await db
    .update(packages)
    .set({ status: 'failed', errorLog: JOB_MESSAGES.interrupted, lastUpdated: new Date() })
    .where(
      and(
        inArray(packages.status, [...BUILDING_STATUSES]),
        packageId ? eq(packages.id, packageId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(jobs)
            .where(
              and(
                eq(jobs.ownerType, 'package'),
                eq(jobs.ownerId, packages.id),
                inArray(jobs.status, ['queued', 'continue', 'active']),
              ),
            ),
        ),
      ),
    )
    .returning();
  for (const row of failed) announce(realtime, row, null, 'failed', JOB_MESSAGES.interrupted);
  if (failed.length) log.info({ packages: failed.length }, 'failed the package builds a restart interrupted');
}
