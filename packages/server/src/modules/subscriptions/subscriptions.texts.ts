import { PRODUCT_NAME } from '@tessera/shared';
import type { MailLanguage } from '../../platform/mailLanguage.ts';

/** The words of a subscription's mail and of the unsubscribe page, in the languages mail is written in. */
export const SUBSCRIPTION_TEXTS = {
  en: {
    subject: (name: string) => `${name}: your scheduled report`,
    intro: (name: string, when: string) => `Here is “${name}” as of ${when}.`,
    attached: 'It is attached as a PDF.',
    open: 'Open the data app',
    why: (product: string) => `You receive this mail because you are subscribed to this data app in ${product}.`,
    unsubscribe: 'Unsubscribe',
    pageTitle: 'You are unsubscribed',
    pageBody: (name: string | null, email: string | null) =>
      `${email ?? 'This address'} will no longer receive ${name ? `“${name}”` : 'this subscription'}.`,
    badTitle: 'This link does not work',
    badBody: 'This unsubscribe link is not valid. Open the data app in Tessera to manage your subscriptions.',
  },
  fr: {
    subject: (name: string) => `${name} : votre rapport programmé`,
    intro: (name: string, when: string) => `Voici « ${name} » au ${when}.`,
    attached: 'Il est joint au format PDF.',
    open: 'Ouvrir l’application de données',
    why: (product: string) =>
      `Vous recevez ce message parce que vous êtes abonné à cette application de données dans ${product}.`,
    unsubscribe: 'Se désabonner',
    pageTitle: 'Vous êtes désabonné',
    pageBody: (name: string | null, email: string | null) =>
      `${email ?? 'Cette adresse'} ne recevra plus ${name ? `« ${name} »` : 'cet abonnement'}.`,
    badTitle: 'Ce lien ne fonctionne pas',
    badBody:
      'Ce lien de désabonnement n’est pas valide. Ouvrez l’application de données dans Tessera pour gérer vos abonnements.',
  },
} as const satisfies Record<MailLanguage, unknown>;

export const PRODUCT = PRODUCT_NAME;

/** Text made safe to put in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** When an occurrence was, in the subscription's time zone and the recipient's language. */
export function formatWhen(at: Date, timezone: string, language: MailLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(at);
}
