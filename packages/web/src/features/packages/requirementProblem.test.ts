import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { requirementProblemText } from './requirementProblem.ts';

const t = (lang: 'en' | 'fr') => i18n.getFixedT(lang, 'packages');
afterAll(() => void i18n.changeLanguage('en'));

describe('the dependencies editor checks requirements.txt before sending', () => {
  it('accepts names, versions and markers', () => {
    expect(requirementProblemText(t('en'), '# data\npandas>=2\npyarrow; python_version >= "3.9"\n')).toBeUndefined();
  });

  it.each([
    [
      'evil @ http://127.0.0.1/evil.tar.gz',
      'Line 2 (evil @ http://127.0.0.1/evil.tar.gz) is a URL or a path: only packages of the index are installed, by name.',
      "La ligne 2 (evil @ http://127.0.0.1/evil.tar.gz) est une URL ou un chemin : seuls les packages de l'index sont installés, par leur nom.",
    ],
    [
      '--index-url http://127.0.0.1/simple',
      'Line 2 (--index-url http://127.0.0.1/simple) is a pip option: the server chooses the index and the options.',
      "La ligne 2 (--index-url http://127.0.0.1/simple) est une option de pip : le serveur choisit l'index et les options.",
    ],
    [
      'pandas==%X%',
      'Line 2 (pandas==%X%) is not a requirement: write a name, optional [extras], versions and ; markers.',
      "La ligne 2 (pandas==%X%) n'est pas une dépendance : écrivez un nom, des [extras] facultatifs, des versions et des marqueurs après ;.",
    ],
    [
      'six\u0000',
      'Line 2 of requirements.txt contains a control character.',
      'La ligne 2 de requirements.txt contient un caractère de contrôle.',
    ],
  ])('names the line it refuses: %s, in English and French', (line, en, fr) => {
    const text = `numpy\n${line}\nscipy\n`;
    expect(requirementProblemText(t('en'), text)).toBe(en);
    expect(requirementProblemText(t('fr'), text)).toBe(fr);
  });
});
