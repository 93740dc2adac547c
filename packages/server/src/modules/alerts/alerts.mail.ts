import { type AlertCondition, formatNumber, PRODUCT_NAME } from '@tessera/shared';
import type { Mail } from '../../platform/mail.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';

/** What the mail of a firing says: the alert, the card, the value, and a link to the card's tab. */
export interface FiringMail {
  to: string;
  first: string;
  language: MailLanguage;
  alertName: string;
  cardName: string;
  condition: AlertCondition;
  threshold: number;
  value: number;
  previousValue: number | null;
  link: string;
}

const TEXTS = {
  en: {
    subject: (name: string) => `${PRODUCT_NAME} alert: ${name}`,
    hello: (first: string) => `Hello ${first},`,
    card: (card: string) => `Your alert on the card "${card}" fired.`,
    above: (value: string, threshold: string) => `The value is ${value}, above ${threshold}.`,
    below: (value: string, threshold: string) => `The value is ${value}, below ${threshold}.`,
    change: (value: string, threshold: string, previous: string) =>
      `The value is ${value}: it changed by more than ${threshold} % since the last check (${previous}).`,
    open: 'Open the card:',
    once: 'You will not hear of it again until the condition has been false.',
  },
  fr: {
    subject: (name: string) => `Alerte ${PRODUCT_NAME} : ${name}`,
    hello: (first: string) => `Bonjour ${first},`,
    card: (card: string) => `Votre alerte sur la carte « ${card} » s’est déclenchée.`,
    above: (value: string, threshold: string) => `La valeur est ${value}, au-dessus de ${threshold}.`,
    below: (value: string, threshold: string) => `La valeur est ${value}, en dessous de ${threshold}.`,
    change: (value: string, threshold: string, previous: string) =>
      `La valeur est ${value} : elle a varié de plus de ${threshold} % depuis la dernière vérification (${previous}).`,
    open: 'Ouvrir la carte :',
    once: 'Vous ne serez plus prévenu avant que la condition soit redevenue fausse.',
  },
} as const;

/** The mail of a firing, in the recipient's language. */
export function firingMail(m: FiringMail): Mail {
  const t = TEXTS[m.language];
  const n = (value: number) => formatNumber(value, m.language);
  const what =
    m.condition === 'change'
      ? t.change(n(m.value), n(m.threshold), m.previousValue === null ? '—' : n(m.previousValue))
      : t[m.condition](n(m.value), n(m.threshold));
  return {
    to: m.to,
    subject: t.subject(m.alertName),
    text: [t.hello(m.first), '', t.card(m.cardName || m.alertName), what, '', t.open, m.link, '', t.once, ''].join(
      '\n',
    ),
  };
}
