import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}
