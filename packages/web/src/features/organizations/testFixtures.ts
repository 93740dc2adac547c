import { type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import { sampleUser } from '../../ui/testSupport.tsx';

/** Ids and answers shared by the organization settings tests (24-hex ids like the server's). */
export const IDS = {
  rootOrg: 'a00000000000000000000001',
  consultant: 'a00000000000000000000002',
  client: 'a00000000000000000000003',
  independent: 'a00000000000000000000004',
  me: 'b00000000000000000000001',
  other: 'b00000000000000000000002',
  unclaimed: 'b00000000000000000000003',
} as const;

export const CONSULTANT_ADMIN: OrgRoles = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };

export function sampleOrganization(overrides: Record<string, unknown> = {}) {
  return {
    _id: IDS.independent,
    name: 'Acme',
    type: 'independent',
    consultantId: null,
    active: true,
    publicSharing: true,
    logo: null,
    plan: null,
    timeCreated: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** The signed-in user of these tests, in `organizationId` with `roles`. */
export const viewer = (roles: OrgRoles, organizationId: string = IDS.independent) =>
  sampleUser({
    _id: IDS.me,
    roles,
    organizationId,
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
  });

export const member = (overrides: Record<string, unknown> = {}) =>
  sampleUser({ _id: IDS.other, organizationId: IDS.independent, ...overrides });

/**
 * These tests type into forms key by key as a user would; on a loaded machine that can take longer than Vitest's
 * default 5 s, which says nothing about the screens.
 */
export const INTERACTIVE = { timeout: 30_000 };
