import type { ChangeKind } from '@tessera/shared';
import type { MailLanguage } from '../../../platform/mailLanguage.ts';
import type { ChangeParams } from './changeParams.ts';

/**
 * The history's summaries in words, in the reader's language (Accept-Language: the web app sends the one the
 * person chose). "Alice moved 'Rain by month'", "Bob changed the mapping of 'Wind' — Y: avg Wind → max Wind".
 */
type Words = {
  someone: string;
  untitled: string;
  card: (name: string) => string;
  kinds: Record<ChangeKind, (p: ChangeParams & { card: string }) => string>;
  others: (n: number) => string;
  more: string;
  keys: Record<string, string>;
};

const quote = (s: string | undefined) => `'${s ?? ''}'`;

const TEXTS: Record<MailLanguage, Words> = {
  en: {
    someone: 'Someone',
    untitled: 'an untitled card',
    card: (name) => (name ? quote(name) : 'an untitled card'),
    kinds: {
      created: () => 'created the data app',
      restored: (p) => `restored version ${p.number}`,
      renamed: (p) => `renamed the data app ${quote(p.from)} → ${quote(p.to)}`,
      settings: () => 'changed the data app settings',
      modelBar: (p) => (p.hidden ? 'hid the model bar' : 'showed the model bar'),
      colors: () => 'changed the colours',
      filters: () => 'changed the data app filters',
      tabsReordered: () => 'reordered the tabs',
      tabAdded: (p) => `added the tab ${quote(p.name)}`,
      tabDeleted: (p) => `deleted the tab ${quote(p.name)}`,
      tabRenamed: (p) =>
        p.from !== undefined ? `renamed the tab ${quote(p.from)} → ${quote(p.to)}` : `edited the tab ${quote(p.name)}`,
      tabFilters: (p) => `changed the filters of the tab ${quote(p.name)}`,
      cardsReordered: (p) => `reordered the cards of ${quote(p.name)}`,
      cardAdded: (p) => `added ${p.card}`,
      cardDeleted: (p) => `deleted ${p.card}`,
      cardMoved: (p) => `moved ${p.card}`,
      cardResized: (p) => `resized ${p.card}`,
      cardMapping: (p) => `changed the mapping of ${p.card}`,
      cardDisplay: (p) => `changed the display settings of ${p.card}`,
      cardFilters: (p) => `changed the filters of ${p.card}`,
      cardRenamed: (p) =>
        p.from !== undefined ? `renamed ${quote(p.from)} → ${quote(p.to)}` : `edited the description of ${p.card}`,
      cardType: (p) => `changed the type of ${p.card}`,
    },
    others: (n) => (n === 1 ? ' and 1 other card' : ` and ${n} other cards`),
    more: ' (and other changes)',
    keys: {
      independent: 'X',
      dependent: 'Y',
      otherDimensions: 'Other dimensions',
      gradientDimension: 'Gradient',
      groupBy: 'Group by',
      orderBy: 'Order by',
      tooltip: 'Tooltip',
      kpi: 'KPI',
      table: 'Columns',
    },
  },
  fr: {
    someone: "Quelqu'un",
    untitled: 'une carte sans titre',
    card: (name) => (name ? quote(name) : 'une carte sans titre'),
    kinds: {
      created: () => "a créé l'application de données",
      restored: (p) => `a restauré la version ${p.number}`,
      renamed: (p) => `a renommé l'application de données ${quote(p.from)} → ${quote(p.to)}`,
      settings: () => "a modifié les paramètres de l'application de données",
      modelBar: (p) => (p.hidden ? 'a masqué la barre de modèles' : 'a affiché la barre de modèles'),
      colors: () => 'a modifié les couleurs',
      filters: () => "a modifié les filtres de l'application de données",
      tabsReordered: () => 'a réordonné les onglets',
      tabAdded: (p) => `a ajouté l'onglet ${quote(p.name)}`,
      tabDeleted: (p) => `a supprimé l'onglet ${quote(p.name)}`,
      tabRenamed: (p) =>
        p.from !== undefined
          ? `a renommé l'onglet ${quote(p.from)} → ${quote(p.to)}`
          : `a modifié l'onglet ${quote(p.name)}`,
      tabFilters: (p) => `a modifié les filtres de l'onglet ${quote(p.name)}`,
      cardsReordered: (p) => `a réordonné les cartes de ${quote(p.name)}`,
      cardAdded: (p) => `a ajouté ${p.card}`,
      cardDeleted: (p) => `a supprimé ${p.card}`,
      cardMoved: (p) => `a déplacé ${p.card}`,
      cardResized: (p) => `a redimensionné ${p.card}`,
      cardMapping: (p) => `a modifié le mappage de ${p.card}`,
      cardDisplay: (p) => `a modifié les paramètres d'affichage de ${p.card}`,
      cardFilters: (p) => `a modifié les filtres de ${p.card}`,
      cardRenamed: (p) =>
        p.from !== undefined ? `a renommé ${quote(p.from)} → ${quote(p.to)}` : `a modifié la description de ${p.card}`,
      cardType: (p) => `a changé le type de ${p.card}`,
    },
    others: (n) => (n === 1 ? ' et 1 autre carte' : ` et ${n} autres cartes`),
    more: ' (et d’autres modifications)',
    keys: {
      independent: 'X',
      dependent: 'Y',
      otherDimensions: 'Autres dimensions',
      gradientDimension: 'Dégradé',
      groupBy: 'Grouper par',
      orderBy: 'Trier par',
      tooltip: 'Info-bulle',
      kpi: 'KPI',
      table: 'Colonnes',
    },
  },
};

export const someone = (lang: MailLanguage): string => TEXTS[lang].someone;

/** "Alice moved 'Rain by month'", with the mapping's entries when they changed. */
export function summary(lang: MailLanguage, who: string | null, kind: ChangeKind, params: ChangeParams): string {
  const w = TEXTS[lang];
  const card = w.card(params.name ?? '');
  let text = `${who ?? w.someone} ${w.kinds[kind]({ ...params, card })}`;
  if (params.others) text += w.others(params.others);
  if (params.mapping?.length) {
    const none = '∅';
    text += ` — ${params.mapping
      .map((m) => `${w.keys[m.key] ?? m.key}: ${m.before.join(', ') || none} → ${m.after.join(', ') || none}`)
      .join('; ')}`;
  }
  if (params.more) text += w.more;
  return text;
}
