import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../api/session.ts';
import i18n from '../../../i18n/index.ts';
import { CurrentProjectContext } from '../../../project/currentProject.tsx';
import { makeUser, never, renderWithProviders, stubNetwork, testQueryClient } from '../../../ui/testing.tsx';
import { makeModel } from '../../models/testModel.ts';
import { EDITOR, PROJECT_ID, projectContext } from '../testSupport.tsx';
import { ModelBar } from './ModelBar.tsx';

const MODEL = makeModel({ projectId: PROJECT_ID, name: 'Rain', runButtonText: 'Run' });

function renderBar() {
  const requests = stubNetwork((key) => {
    if (key.startsWith(`GET /api/v1/models/${MODEL._id}/model-runs`)) return { status: 200, body: { runs: [] } };
    if (key === `POST /api/v1/models/${MODEL._id}/execute`) return never();
    return undefined;
  });
  const client = testQueryClient();
  client.setQueryData(sessionKeys.me, makeUser());
  renderWithProviders(
    <CurrentProjectContext.Provider value={projectContext(EDITOR)}>
      <ModelBar projectId={PROJECT_ID} model={MODEL} values={{}} onValues={() => {}} onOpenPanel={() => {}} />
    </CurrentProjectContext.Provider>,
    client,
  );
  return requests;
}

const executes = (requests: ReturnType<typeof stubNetwork>) =>
  requests.filter((r) => r.method === 'POST' && r.url.endsWith('/execute')).length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('the model bar’s Run button while the run starts (WCAG 2.4.3)', () => {
  it.each([
    ['{Enter}', 'en', 'Run', 'Running Model...'],
    ['{ }', 'fr', 'Exécuter', 'Exécution du modèle...'],
  ])(
    'keeps the focus after %s, says it is busy (%s), and a second press starts no second run',
    async (key, lang, name, status) => {
      await i18n.changeLanguage(lang);
      const requests = renderBar();
      const run = screen.getByRole('button', { name });
      run.focus();
      await userEvent.keyboard(key);
      await waitFor(() => expect(executes(requests)).toBe(1));
      // Busy, one way or the other (before the fix Mantine's loading state made it `disabled`).
      await waitFor(() => expect((run as HTMLButtonElement).disabled || run.ariaDisabled === 'true').toBe(true));
      // A disabled button cannot hold the focus (the browser drops it to the body); this one stays focusable.
      expect((run as HTMLButtonElement).disabled).toBe(false);
      expect(document.activeElement).toBe(run);
      expect(run.getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByRole('status').textContent).toBe(status);
      await userEvent.keyboard(key);
      await userEvent.click(run);
      expect(document.activeElement).toBe(run);
      expect(executes(requests)).toBe(1);
    },
  );
});
