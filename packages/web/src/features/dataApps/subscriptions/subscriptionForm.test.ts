import { describe, expect, it } from 'vitest';
import { fieldOf, initialSubscription, toSubscriptionBody } from './subscriptionForm.ts';

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
});
