import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the tables files (`*.tables.ts`). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
export const createdAt = () => timestamp('time_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
