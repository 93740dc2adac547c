import { describe, expect, it } from 'vitest';
import { canViewUserLog, type LogViewer } from './logs.policy.ts';

const viewer = (roles: LogViewer['roles']): LogViewer => ({ id: 'me', organizationId: 'org-a', roles });

const table: Array<[string, LogViewer, { id: string; organizationId: string }, boolean]> = [
  ['one’s own log', viewer({}), { id: 'me', organizationId: 'org-a' }, true],
  ['a colleague, without the role', viewer({}), { id: 'you', organizationId: 'org-a' }, false],
  [
    'a colleague, as login viewer',
    viewer({ viewOrganizationLogins: true }),
    { id: 'you', organizationId: 'org-a' },
    true,
  ],
  [
    'a stranger, as login viewer',
    viewer({ viewOrganizationLogins: true }),
    { id: 'you', organizationId: 'org-b' },
    false,
  ],
  [
    'a stranger, as product-operations admin',
    viewer({ manageAllOrganizations: true }),
    { id: 'you', organizationId: 'org-b' },
    true,
  ],
];

describe('canViewUserLog', () => {
  it.each(table)('%s', (_label, who, target, allowed) => expect(canViewUserLog(who, target)).toBe(allowed));
});
