import type { Subscription } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import {
  fieldOf,
  initialSubscription,
  stateOfSubscription,
  toSubscriptionBody,
  toSubscriptionUpdate,
} from './subscriptionForm.ts';

describe('the Subscribe dialog’s form', () => {
  it('opens on the caller’s address, in their language, every day from today, a PDF of every tab', () => {
    const s = initialSubscription('ann@example.com', 'fr-FR', new Date('2031-03-01T12:00:00Z'));
    expect(s).toMatchObject({ emails: ['ann@example.com'], language: 'fr', unit: 'days', value: 1, format: 'pdf' });
    expect(initialSubscription(undefined, 'en').emails).toEqual([]);
  });

  it('makes the body: one language for all, a PNG of one tab, filters only when asked for', () => {
    const s = { ...initialSubscription('ann@example.com', 'en'), emails: ['a@x.test', ' b@x.test'] };
    const filters = { dashboard: [] };
    const pdf = toSubscriptionBody({ ...s, tabs: ['t1', 't2'] }, 'd1', filters);
    expect(pdf.recipients).toEqual([
      { email: 'a@x.test', language: 'en' },
      { email: 'b@x.test', language: 'en' },
    ]);
    expect(pdf).toMatchObject({ dashboardId: 'd1', tabs: ['t1', 't2'], format: 'pdf', filters: null });
    expect(pdf.pattern.repeat).toEqual({ unit: 'days', value: 1 });
    const png = toSubscriptionBody({ ...s, format: 'png', tabs: ['t1', 't2'], withFilters: true }, 'd1', filters);
    expect(png).toMatchObject({ tabs: ['t1'], filters });
  });

  it.each([
    ['pattern.timezone', 'timezone'],
    ['pattern.repeat.value', 'value'],
    ['recipients', 'emails'],
    ['recipients.2.email', 'emails'],
    ['tabs', 'tabs'],
    ['body', undefined],
  ])('puts the server’s error on %s under %s', (field, expected) => {
    expect(fieldOf(field)).toBe(expected);
  });

  it('opens a subscription to edit filled in, and makes the PUT body keeping each kept recipient’s language', () => {
    const opened = initialSubscription('ann@example.com', 'en');
    const sub: Subscription = {
      _id: 's1',
      dashboardId: 'd1',
      projectId: 'p1',
      userId: 'u1',
      recipients: [
        { email: 'ann@x.test', language: 'fr' },
        { email: 'bob@x.test', language: 'en' },
      ],
      pattern: toSubscriptionBody({ ...opened, unit: 'weeks', value: 2 }, 'd1', undefined).pattern,
      tabs: ['t2'],
      format: 'png',
      filters: null,
      nextRunAt: null,
      lastSentAt: null,
      lastError: null,
      timeCreated: '2031-01-01T00:00:00.000Z',
      lastUpdated: '2031-01-01T00:00:00.000Z',
    } as Subscription;
    const s = stateOfSubscription(sub, 'en');
    expect(s).toMatchObject({ emails: ['ann@x.test', 'bob@x.test'], language: 'fr', unit: 'weeks', value: 2 });
    expect(s).toMatchObject({ format: 'png', tabs: ['t2'], withFilters: false });
    const kept = toSubscriptionUpdate({ ...s, emails: ['ann@x.test', 'bob@x.test', 'cy@x.test'] }, sub, undefined);
    expect(kept.recipients).toEqual([
      { email: 'ann@x.test', language: 'fr' },
      { email: 'bob@x.test', language: 'en' },
      { email: 'cy@x.test', language: 'fr' },
    ]);
    expect(kept).toMatchObject({ tabs: ['t2'], format: 'png', filters: null, pattern: sub.pattern });
    const relanguaged = toSubscriptionUpdate({ ...s, language: 'en' }, sub, undefined);
    expect(relanguaged.recipients?.map((r) => r.language)).toEqual(['en', 'en']);
  });
});
