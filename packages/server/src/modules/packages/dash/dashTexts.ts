import { type MailLanguage, mailLanguage } from '../../../platform/mailLanguage.ts';

/**
 * What the Dash server itself answers in an app's frame when it lets nothing through (plain text: the page is
 * the app's origin, not the web app's, so the web app's translations are not there), in the language the
 * browser asks for (English or French).
 */
const TEXTS = {
  en: {
    notFound: 'Not found',
    notRunning: 'This Dash app is not running: start it again from its package page.',
    crossOrigin: 'Requests from another origin are refused.',
    ticketRefused: 'This link has expired or was already used: open the Dash app again from its package page.',
    signIn: 'Open this Dash app from its package page.',
    noAnswer: 'The Dash app did not answer',
  },
  fr: {
    notFound: 'Introuvable',
    notRunning: "Cette application Dash n'est pas démarrée : ouvrez-la de nouveau depuis la page de son package.",
    crossOrigin: "Les requêtes venant d'une autre origine sont refusées.",
    ticketRefused:
      "Ce lien a expiré ou a déjà servi : ouvrez de nouveau l'application Dash depuis la page de son package.",
    signIn: 'Ouvrez cette application Dash depuis la page de son package.',
    noAnswer: "L'application Dash n'a pas répondu",
  },
} as const satisfies Record<MailLanguage, Record<string, string>>;

export type DashText = keyof (typeof TEXTS)['en'];

export const dashText = (key: DashText, acceptLanguage: string | string[] | undefined): string =>
  TEXTS[mailLanguage(acceptLanguage)][key];
