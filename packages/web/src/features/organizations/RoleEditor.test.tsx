import { type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../ui/testing.tsx';
import { RoleEditor } from './RoleEditor.tsx';
import { NO_ROLES } from './roleEditor.ts';

afterEach(cleanup);

const disabled = (name: string) =>
  (
    screen.getByRole(name.startsWith('radio:') ? 'radio' : 'checkbox', {
      name: name.replace(/^radio:/, ''),
    }) as HTMLInputElement
  ).disabled;

describe('RoleEditor', () => {
  it('offers Product Admin and every option to a holder of manageAllOrganizations', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <RoleEditor
        editor={ROLE_PRESETS.root}
        value={{ ...NO_ROLES, editOrganizationSettings: true }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Product Admin' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Custom roles' }) as HTMLInputElement).checked).toBe(true);
    for (const label of [
      'Edit Organization Settings',
      'Create/Edit User Accounts',
      'Manage All Projects',
      'Create/Edit Client Organizations',
      'View Login History',
      'Manage All Organizations/Users',
      'radio:View-Only',
      'radio:Create/Edit Projects',
    ]) {
      expect(disabled(label), label).toBe(false);
    }
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Product Admin' }));
    expect(onChange).toHaveBeenLastCalledWith(ROLE_PRESETS.root);
  });

  it('disables what the editor does not hold', async () => {
    const editor: OrgRoles = { ...NO_ROLES, manageOrganizationUsers: true, viewOrganizationLogins: true };
    const onChange = vi.fn();
    renderWithProviders(<RoleEditor editor={editor} value={null} onChange={onChange} />);
    expect(screen.queryByRole('radio', { name: 'Product Admin' })).toBeNull();
    expect(disabled('radio:Organization Admin')).toBe(true);
    expect(disabled('radio:Standard')).toBe(true);
    expect(disabled('radio:View Only')).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Custom roles' }));
    expect(disabled('Create/Edit User Accounts')).toBe(false);
    expect(disabled('View Login History')).toBe(false);
    expect(disabled('Edit Organization Settings')).toBe(true);
    expect(disabled('Manage All Projects')).toBe(true);
    expect(disabled('Create/Edit Client Organizations')).toBe(true);
    expect(disabled('Manage All Organizations/Users')).toBe(true);
    expect(disabled('radio:Create/Edit Projects')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'View Login History' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_ROLES, viewOrganizationLogins: true });
  });
});
