import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useServerText } from '../../ui/serverText.ts';

/** Runs an action and keeps its failure as text to show (the server's message, translated when known). */
export function useOrgAction() {
  const { t } = useTranslation('organizations');
  const serverText = useServerText();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
    } catch (err) {
      if (!(err instanceof ApiError)) return setFailure(t('general.saveFailed'));
      const field = Object.values(err.fields)[0];
      setFailure(serverText(field ?? err.message));
    }
  };
  return { failure, run };
}
