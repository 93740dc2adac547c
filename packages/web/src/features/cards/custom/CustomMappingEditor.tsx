import { Alert, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Unit, Vis } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAPPABLE_SUBTYPES,
  type MappableSubtype,
  safeImageUrl,
  subtypeBuckets,
  subtypeOf,
  textOf,
} from './customVis.ts';
import { EditableTableView } from './EditableTableView.tsx';
import { NotMappable } from './NotMappable.tsx';

export interface CustomMappingEditorProps {
  unit: Pick<Unit, 'subtype' | 'vis'>;
  /** The vis being edited (the unit's until saved). */
  vis: Vis;
  /**
   * The next vis. It carries the chosen `subtype`: the mapping screen saves it as the unit's subtype too. A change
   * of subtype starts the vis afresh (keeping its filters); text and image edits need no new data.
   */
  onChange: (next: Vis) => void;
  /**
   * The buckets to drop columns into, for subtypes that map data (see `subtypeBuckets`: a KPI list for image and
   * comparison KPIs, the chart buckets for networks); shown under the hint.
   */
  buckets?: ReactNode;
}

/**
 * The mapping screen's panel for custom (beta) cards: the caution, a chooser of the subtypes that have a UI, and
 * that subtype's editor (markdown or HTML text, image address, editable table) or the hint of what to map.
 * A subtype with no UI shows the not-mappable placeholder.
 */
export function CustomMappingEditor({ unit, vis, onChange, buckets }: CustomMappingEditorProps) {
  const { t } = useTranslation('cardSettings');
  const { t: tApps } = useTranslation('dashboards');
  const kind = subtypeOf({ subtype: (vis.subtype as Unit['subtype']) ?? unit.subtype, vis });
  const subtype = kind.kind === 'mappable' ? kind.subtype : null;
  const choose = (next: MappableSubtype) =>
    next !== subtype && onChange({ subtype: next, filters: Array.isArray(vis.filters) ? vis.filters : [] });
  const imageUrl = textOf(vis, 'imageUrl');
  const hint = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('custom.caution')}
      </Alert>
      <Select
        label={t('custom.subtype')}
        placeholder={t('custom.chooseSubtype')}
        allowDeselect={false}
        value={subtype}
        data={MAPPABLE_SUBTYPES.map((value) => ({ value, label: t(`custom.subtypes.${value}`) }))}
        onChange={(value) => value && choose(value as MappableSubtype)}
      />
      {kind.kind === 'noUi' && <NotMappable />}
      {subtype === 'markdown' && (
        <Textarea
          label={t('custom.markdown')}
          autosize
          minRows={10}
          maxRows={30}
          value={textOf(vis, 'markdown')}
          onChange={(event) => onChange({ ...vis, markdown: event.currentTarget.value })}
        />
      )}
      {subtype === 'html' && (
        <Textarea
          label={t('custom.html')}
          description={t('custom.htmlHint')}
          autosize
          minRows={10}
          maxRows={30}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={textOf(vis, 'html')}
          onChange={(event) => onChange({ ...vis, html: event.currentTarget.value })}
        />
      )}
      {subtype === 'imageKpi' && (
        <>
          <TextInput
            label={t('custom.imageUrl')}
            placeholder="https://"
            value={imageUrl}
            error={imageUrl !== '' && !safeImageUrl(imageUrl) ? t('custom.httpsOnly') : undefined}
            onChange={(event) => onChange({ ...vis, imageUrl: event.currentTarget.value })}
          />
          {hint(t('custom.hints.imageKpi'))}
        </>
      )}
      {subtype === 'comparisonKpi' && hint(t('custom.hints.comparisonKpi'))}
      {subtype === 'network' && hint(tApps('placeholders.empty.network'))}
      {subtypeBuckets(subtype) !== null && buckets}
      {subtype === 'editable' && (
        <>
          {hint(t('custom.hints.editable'))}
          <EditableTableView vis={vis} onSave={onChange} />
        </>
      )}
    </Stack>
  );
}
