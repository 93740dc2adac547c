import { z } from 'zod';
import { id } from '../http/ids.ts';
import { triggerPatternSchema } from '../triggers/entities.ts';
import { exportFiltersSchema } from './exports.ts';

/**
 * Email subscriptions to a data app (docs/data-apps.md "Subscriptions"): on a schedule, its chosen tabs are sent
 * to each recipient as a PDF attached, or as a PNG in the mail with a link to the data app, in the recipient's
 * language, each with a link to unsubscribe that works without signing in.
 */
export const SUBSCRIPTION_FORMATS = ['pdf', 'png'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];
export const SUBSCRIPTION_LANGUAGES = ['en', 'fr'] as const;
export type SubscriptionLanguage = (typeof SUBSCRIPTION_LANGUAGES)[number];
export const SUBSCRIPTION_RECIPIENTS_MAX = 50;
/** A failed send is tried this many times in all before the failure is recorded on the subscription. */
export const SUBSCRIPTION_SEND_ATTEMPTS = 3;

/** Why a subscription is refused (400 with the field) or not found; the web translates each. */
export const SUBSCRIPTION_ERRORS = {
  notFound: 'Subscription not found',
  onlySelf: 'You may only subscribe yourself.',
  domainNotAllowed: 'This address is not of a domain of the organization.',
  pngOneTab: 'A PNG is of one tab: choose exactly one tab.',
  duplicateRecipient: 'This address is listed twice.',
  badToken: 'This unsubscribe link is not valid.',
} as const;

export const subscriptionRecipientSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Not a valid email address')),
    language: z.enum(SUBSCRIPTION_LANGUAGES).default('en'),
  })
  .strict();
export type SubscriptionRecipient = z.output<typeof subscriptionRecipientSchema>;

const recipients = z
  .array(subscriptionRecipientSchema)
  .min(1, 'Required')
  .max(SUBSCRIPTION_RECIPIENTS_MAX, `At most ${SUBSCRIPTION_RECIPIENTS_MAX} recipients`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, r] of list.entries()) {
      if (seen.has(r.email)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'email'],
          message: SUBSCRIPTION_ERRORS.duplicateRecipient,
          params: { code: 'subscription.duplicateRecipient' },
        });
      }
      seen.add(r.email);
    }
  });

const fields = {
  recipients,
  pattern: triggerPatternSchema,
  /** The tabs sent, in the data app's order; empty: every tab (a PNG takes exactly one). */
  tabs: z.array(id).max(100).default([]),
  format: z.enum(SUBSCRIPTION_FORMATS),
  filters: exportFiltersSchema.nullable().default(null),
};

export const subscriptionBodySchema = z
  .object({ dashboardId: id, ...fields })
  .strict()
  .superRefine((b, ctx) => {
    if (b.format === 'png' && b.tabs.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['tabs'],
        message: SUBSCRIPTION_ERRORS.pngOneTab,
        params: { code: 'subscription.pngOneTab' },
      });
    }
  });
export type SubscriptionBody = z.input<typeof subscriptionBodySchema>;

export const subscriptionUpdateSchema = z
  .object({
    recipients: fields.recipients.optional(),
    pattern: triggerPatternSchema.optional(),
    tabs: z.array(id).max(100).optional(),
    format: fields.format.optional(),
    filters: exportFiltersSchema.nullable().optional(),
  })
  .strict();
export type SubscriptionUpdate = z.input<typeof subscriptionUpdateSchema>;

export const subscriptionSchema = z.object({
  _id: id,
  dashboardId: id,
  projectId: id,
  userId: id.nullable(),
  recipients: z.array(subscriptionRecipientSchema),
  pattern: triggerPatternSchema,
  tabs: z.array(id),
  format: z.enum(SUBSCRIPTION_FORMATS),
  filters: exportFiltersSchema.nullable(),
  /** The next occurrence (ISO); null once the schedule is over. */
  nextRunAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** Why the last occurrence could not be sent (after its retries); null once one is sent again. */
  lastError: z.string().nullable(),
  timeCreated: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The unsubscribe page's answer: the data app left, or that the link is no good. */
export const unsubscribedSchema = z.object({ dashboardName: z.string().nullable(), email: z.string().nullable() });

/** The domain of an address, lower-cased ("Ann@Example.COM" → "example.com"); "" without one. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * Whether an address may receive an organization's subscriptions: its domain is one of the organization's
 * (the domains its members' addresses use). Case does not matter; a subdomain is another domain.
 */
export function recipientAllowed(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== '' && domains.some((d) => d.toLowerCase() === domain);
}
