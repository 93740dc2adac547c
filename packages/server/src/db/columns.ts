import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the schema's files. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
export const createdAt = () => timestamp('time_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
