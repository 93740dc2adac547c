import { Checkbox, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  AREA_LEVELS,
  followedArea,
  PROJECT_AREAS,
  PROJECT_ROLE_PRESETS,
  type ProjectRolePreset,
  type ProjectRoles,
  projectPresetOf,
  setAreaLevel,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLORS } from './levelColors.ts';
import { flagEnabled, levelOptionEnabled, presetEnabled } from './memberRoles.ts';

const PRESETS = Object.keys(PROJECT_ROLE_PRESETS) as Array<Exclude<ProjectRolePreset, 'custom'>>;

interface Props {
  roles: ProjectRoles;
  /** The rights of the person editing: nothing above them can be chosen. */
  editor: ProjectRoles;
  onChange: (roles: ProjectRoles) => void;
  /** Everything read-only (one's own role, while saving). */
  disabled?: boolean;
  /** Names the controls when several editors are on screen ("Role of Ada Lovelace"). */
  label?: string;
}

/**
 * A project role: a preset (Full Access, Contributor, Viewer, View Dashboards; Custom Role shows when the rights
 * match none), each area hidden / view / edit and the editMembers and editProject checkboxes. An option the
 * editor could not grant is disabled; an area whose level follows another (Packages follows Models, `followedArea`)
 * shows its level read-only with "Follows Models" (docs/product.md "Project roles").
 */
export function ProjectRoleEditor({ roles, editor, onChange, disabled = false, label }: Props) {
  const { t } = useTranslation('projects');
  const preset = projectPresetOf(roles);
  return (
    <Stack gap="xs">
      <Select
        label={t('role.preset')}
        aria-label={label}
        allowDeselect={false}
        disabled={disabled}
        value={preset}
        data={[
          ...PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`), disabled: !presetEnabled(editor, p) })),
          // Custom Role is what any other combination is: it shows, it is not picked.
          { value: 'custom', label: t('presets.custom'), disabled: true },
        ]}
        onChange={(value) => {
          if (value && value !== 'custom') onChange(PROJECT_ROLE_PRESETS[value as keyof typeof PROJECT_ROLE_PRESETS]);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {PROJECT_AREAS.map((area) => {
        const name = t(`areas.${area}`);
        const leader = followedArea(area);
        return (
          // The control keeps its width; a long area name (in French) wraps beside it instead of pushing it down.
          <Group key={area} justify="space-between" gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm">{name}</Text>
              {leader && (
                <Text size="xs" c="dimmed">
                  {t('role.follows', { area: t(`areas.${leader}`) })}
                </Text>
              )}
            </div>
            <div
              role="radiogroup"
              aria-label={
                label ? `${label}: ${t('role.areaAccess', { area: name })}` : t('role.areaAccess', { area: name })
              }
            >
              <SegmentedControl
                size="xs"
                disabled={disabled || leader !== undefined}
                value={roles[area]}
                color={LEVEL_COLORS[roles[area]]}
                data={AREA_LEVELS.map((level) => ({
                  value: level,
                  label: t(`levels.${level}`),
                  disabled: !levelOptionEnabled(editor, area, level),
                }))}
                onChange={(level) => onChange(setAreaLevel(roles, area, level as (typeof AREA_LEVELS)[number]))}
              />
            </div>
          </Group>
        );
      })}
      <Group gap="lg">
        {(['editMembers', 'editProject'] as const).map((flag) => (
          <Checkbox
            key={flag}
            label={t(`flags.${flag}`)}
            checked={roles[flag]}
            disabled={disabled || !flagEnabled(editor, flag)}
            onChange={(event) => onChange({ ...roles, [flag]: event.currentTarget.checked })}
          />
        ))}
      </Group>
    </Stack>
  );
}
