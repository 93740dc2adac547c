import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import { type OrgRoles, ROLE_PRESETS, type RolePreset, rolePresetOf } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_ROLES, ROLE_OPTIONS, roleEditorModel } from './roleEditor.ts';

export interface RoleEditorProps {
  /** The roles of whoever edits: an option is enabled only if they hold it. */
  editor: OrgRoles;
  /** The user's saved roles (undefined for a new user): presets that would change a role the editor lacks are disabled. */
  current?: OrgRoles;
  /** The chosen roles, or null while no choice was made (a new user). */
  value: OrgRoles | null;
  onChange: (roles: OrgRoles) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The role editor: the presets Product Admin (only for holders of manageAllOrganizations),
 * Organization Admin, Standard, View Only and Custom roles; Custom roles shows the six labelled options and the
 * View-Only / Create/Edit Projects radio. The rules are in roleEditor.ts; the server enforces the same.
 */
export function RoleEditor({ editor, current, value, onChange, error, disabled }: RoleEditorProps) {
  const { t } = useTranslation('organizations');
  const model = roleEditorModel(editor, current);
  // "Custom roles" is a mode, not only a combination: picking it keeps the roles as they are and opens the options.
  const [custom, setCustom] = useState(value !== null && rolePresetOf(value) === 'custom');
  const chosen: RolePreset | null = custom ? 'custom' : value ? rolePresetOf(value) : null;
  const roles = value ?? current ?? NO_ROLES;

  const choose = (preset: string) => {
    if (preset === 'custom') {
      setCustom(true);
      if (!value) onChange(roles);
      return;
    }
    setCustom(false);
    onChange({ ...ROLE_PRESETS[preset as Exclude<RolePreset, 'custom'>] });
  };

  return (
    <Stack gap="sm">
      <Radio.Group label={t('roles.label')} required value={chosen} onChange={choose} error={error}>
        <Stack gap={8} mt={6}>
          {model.presets.map(({ preset, disabled: off }) => (
            <Radio key={preset} value={preset} label={t(`roles.presets.${preset}`)} disabled={disabled || off} />
          ))}
        </Stack>
      </Radio.Group>
      {chosen === 'custom' && (
        <Stack gap={8} pl="md" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {ROLE_OPTIONS.map((key) => (
            <Checkbox
              key={key}
              label={t(`roles.options.${key}`)}
              checked={roles[key]}
              disabled={disabled || !model.enabled[key]}
              onChange={(event) => onChange({ ...roles, [key]: event.currentTarget.checked })}
            />
          ))}
          <Radio.Group
            label={t('roles.projectCreation')}
            mt={4}
            value={roles.createProjects ? 'create' : 'view'}
            onChange={(v) => onChange({ ...roles, createProjects: v === 'create' })}
          >
            <Group gap="lg" mt={6}>
              <Radio
                value="view"
                label={t('roles.viewOnlyProjects')}
                disabled={disabled || !model.enabled.createProjects}
              />
              <Radio
                value="create"
                label={t('roles.createProjects')}
                disabled={disabled || !model.enabled.createProjects}
              />
            </Group>
          </Radio.Group>
        </Stack>
      )}
    </Stack>
  );
}
