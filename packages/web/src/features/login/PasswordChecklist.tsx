import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_RULES, passwordChecklist } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/**
 * The live checklist, computed by the same shared function the server enforces. Used by the
 * reset page and the Password tab of the account settings.
 */
export function PasswordChecklist({ password, confirmation }: { password: string; confirmation: string }) {
  const { t } = useTranslation('login');
  const checks = passwordChecklist(password, confirmation);
  return (
    <List spacing={6} size="sm" center pl={0} styles={{ itemLabel: { lineHeight: 1.4 } }} aria-label={t('rules.title')}>
      {PASSWORD_RULES.map((rule) => {
        const passed = checks[rule];
        return (
          <List.Item
            key={rule}
            data-rule={rule}
            data-passed={passed}
            c={passed ? 'green' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={passed ? 'green' : 'red'}
                variant={passed ? 'filled' : 'light'}
                role="img"
                aria-label={t(passed ? 'rules.met' : 'rules.unmet')}
              >
                {passed ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {t(`rules.${rule}`)}
          </List.Item>
        );
      })}
    </List>
  );
}
