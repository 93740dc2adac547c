import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key on every signed-in page: jumps over the navigation bar to the page itself. */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a className={classes.link} href={`#${MAIN_CONTENT_ID}`}>
      {t('skipToContent')}
    </a>
  );
}
