import type { SubscriptionFormat } from '@tessera/shared';
import type { Mail } from '../../platform/mail.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { escapeHtml, formatWhen, PRODUCT, SUBSCRIPTION_TEXTS } from './subscriptions.texts.ts';

export interface SubscriptionMail {
  to: string;
  language: MailLanguage;
  dashboardName: string;
  format: SubscriptionFormat;
  file: Buffer;
  /** The occurrence and the subscription's time zone: the time the mail says. */
  at: Date;
  timezone: string;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

const IMAGE_CID = 'data-app@tessera';

/** The file's name: the data app's name, safe for a file system. */
function fileName(name: string, format: SubscriptionFormat): string {
  const base = name.replace(/[^\p{L}\p{N} _-]+/gu, '_').trim() || 'data-app';
  return `${base.slice(0, 100)}.${format}`;
}

/**
 * A subscription's mail in its recipient's language: a PDF attached, or the PNG shown in the mail with a link to
 * the data app; the unsubscribe link at the end and in the List-Unsubscribe header (mail clients offer it).
 */
export function subscriptionMail(m: SubscriptionMail): Mail {
  const t = SUBSCRIPTION_TEXTS[m.language];
  const when = formatWhen(m.at, m.timezone, m.language);
  const intro = t.intro(m.dashboardName, when);
  const filename = fileName(m.dashboardName, m.format);
  const pdf = m.format === 'pdf';
  const text = [
    intro,
    pdf ? t.attached : '',
    '',
    `${t.open}: ${m.dashboardUrl}`,
    '',
    '--',
    t.why(PRODUCT),
    `${t.unsubscribe}: ${m.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}${pdf ? ` ${escapeHtml(t.attached)}` : ''}</p>`,
    pdf
      ? ''
      : `<p><a href="${escapeHtml(m.dashboardUrl)}"><img src="cid:${IMAGE_CID}" alt="${escapeHtml(m.dashboardName)}" style="max-width:100%"></a></p>`,
    `<p><a href="${escapeHtml(m.dashboardUrl)}">${escapeHtml(t.open)}</a></p>`,
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(t.why(PRODUCT))} <a href="${escapeHtml(m.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>`,
  ].join('\n');
  return {
    to: m.to,
    subject: t.subject(m.dashboardName),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${m.unsubscribeUrl}>` },
    attachments: [
      pdf
        ? { filename, content: m.file, contentType: 'application/pdf' }
        : { filename, content: m.file, contentType: 'image/png', cid: IMAGE_CID },
    ],
  };
}

/** The small page the unsubscribe link opens, in the visitor's language. */
export function unsubscribePage(
  language: MailLanguage,
  outcome: { ok: true; dashboardName: string | null; email: string | null } | { ok: false },
): string {
  const t = SUBSCRIPTION_TEXTS[language];
  const title = outcome.ok ? t.pageTitle : t.badTitle;
  const body = outcome.ok ? t.pageBody(outcome.dashboardName, outcome.email) : t.badBody;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>
`;
}
