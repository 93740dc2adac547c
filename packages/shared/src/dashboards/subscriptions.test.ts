import { describe, expect, it } from 'vitest';
import { emailDomain, recipientAllowed, subscriptionBodySchema } from './subscriptions.ts';

describe('subscription recipients', () => {
  it.each([
    ['ann@acme.com', 'acme.com'],
    ['Ann@ACME.Com', 'acme.com'],
    ['odd@name@acme.com', 'acme.com'],
    ['no-at-sign', ''],
  ])('the domain of %s is "%s"', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });

  it.each([
    ['bob@acme.com', ['acme.com'], true],
    ['bob@ACME.com', ['acme.com'], true],
    ['bob@acme.com', ['ACME.COM'], true],
    ['bob@sub.acme.com', ['acme.com'], false],
    ['bob@acme.com.evil', ['acme.com'], false],
    ['bob@other.org', ['acme.com', 'example.com'], false],
    ['nobody', ['acme.com'], false],
    ['bob@acme.com', [], false],
  ])('%s with the domains %j: %s', (email, domains, allowed) => {
    expect(recipientAllowed(email, domains)).toBe(allowed);
  });
});

describe('a subscription body', () => {
  const pattern = {
    timezone: 'UTC',
    start: {
      effective_startdate: '2031-01-01',
      scheduled_starttime: '08:00:00',
      until_datetime: '2031-12-31T23:59:59',
    },
    repeat: { unit: 'days', value: 1 },
  };
  const base = { dashboardId: '0123456789abcdef01234567', pattern, format: 'pdf' };
  it.each([
    [{ recipients: [{ email: ' Ann@Acme.com ' }] }, true],
    [{ recipients: [] }, false],
    [{ recipients: [{ email: 'a@acme.com' }, { email: 'A@acme.com' }] }, false],
    [{ recipients: [{ email: 'a@acme.com', language: 'de' }] }, false],
    [{ recipients: [{ email: 'a@acme.com' }], format: 'png' }, false],
    [{ recipients: [{ email: 'a@acme.com' }], format: 'png', tabs: ['0123456789abcdef01234567'] }, true],
  ])('%j is valid: %s', (change, valid) => {
    expect(subscriptionBodySchema.safeParse({ ...base, ...change }).success).toBe(valid);
  });

  it('lower-cases the addresses and gives each a language', () => {
    const parsed = subscriptionBodySchema.parse({ ...base, recipients: [{ email: ' Ann@Acme.com ' }] });
    expect(parsed.recipients).toEqual([{ email: 'ann@acme.com', language: 'en' }]);
    expect(parsed).toMatchObject({ tabs: [], filters: null });
  });
});
