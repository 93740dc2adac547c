import { useTranslation } from 'react-i18next';

/**
 * The logos of the sign-in card, drawn inline so that they need no request before sign-in and follow the
 * colour scheme (`currentColor` for the wordmark). The partner variant carries its own wordmark, which is part
 * of the artwork; its French artwork is a separate drawing, as a printed logo would be.
 */

/** The `organization` query parameter value that selects the partner logo. */
export const PARTNER_ORGANIZATION = 'partner';

function Tiles({ x = 0 }: { x?: number }) {
  return (
    <g transform={`translate(${x} 4)`}>
      <rect width="14" height="14" rx="3" fill="#4C6EF5" />
      <rect x="17" width="14" height="14" rx="3" fill="#15AABF" />
      <rect y="17" width="14" height="14" rx="3" fill="#228BE6" />
      <rect x="17" y="17" width="14" height="14" rx="3" fill="#748FFC" opacity="0.7" />
    </g>
  );
}

export function TesseraLogo() {
  const { t } = useTranslation('login');
  return (
    <svg
      role="img"
      aria-label={t('logo.tessera')}
      width="150"
      height="40"
      viewBox="0 0 150 40"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <Tiles />
      <text x="42" y="28" fontSize="24" fontWeight="700" fill="currentColor" fontFamily="Inter, system-ui, sans-serif">
        Tessera
      </text>
    </svg>
  );
}

function PartnerArtwork({ label, line1, line2 }: { label: string; line1: string; line2: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      width="236"
      height="44"
      viewBox="0 0 236 44"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <rect x="0" y="2" width="40" height="40" rx="8" fill="#1C7ED6" />
      <path d="M10 30 L20 12 L30 30 Z" fill="#ffffff" opacity="0.9" />
      <circle cx="20" cy="24" r="3.5" fill="#1C7ED6" />
      <text x="50" y="20" fontSize="16" fontWeight="700" fill="currentColor" fontFamily="Inter, system-ui, sans-serif">
        {line1}
      </text>
      <text x="50" y="38" fontSize="12" fill="#868E96" fontFamily="Inter, system-ui, sans-serif">
        {line2}
      </text>
    </svg>
  );
}

export function PartnerLogo() {
  const { t } = useTranslation('login');
  return <PartnerArtwork label={t('logo.partner')} line1="Partner Network" line2="powered by Tessera" />;
}

export function PartnerLogoFr() {
  const { t } = useTranslation('login');
  return <PartnerArtwork label={t('logo.partner')} line1="Réseau Partenaires" line2="propulsé par Tessera" />;
}

/** The logo for the current organization parameter and language. */
export function LoginLogo({ organization, language }: { organization: string | null; language: string }) {
  if (organization !== PARTNER_ORGANIZATION) return <TesseraLogo />;
  return language.startsWith('fr') ? <PartnerLogoFr /> : <PartnerLogo />;
}
