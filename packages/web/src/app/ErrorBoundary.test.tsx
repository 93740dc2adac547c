import { cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../ui/testing.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Bomb({ message }: { message: string }): never {
  throw new Error(message);
}

const sameError = new Error('same one');
function Thrower(): never {
  throw sameError;
}

function MovingPage() {
  const [path, setPath] = useState('/a');
  return (
    <>
      <button type="button" onClick={() => setPath('/b')}>
        move
      </button>
      <ErrorBoundary resetKey={path}>{path === '/a' ? <Bomb message="only on /a" /> : <p>page b</p>}</ErrorBoundary>
    </>
  );
}

let silence: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  void i18n.changeLanguage('en');
  // React logs every caught error to the console; the test looks at what the boundary does instead.
  silence = vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/projects/64b7f0c2a1b2c3d4e5f60701/datasets');
});
afterEach(() => {
  cleanup();
  silence.mockRestore();
  vi.unstubAllGlobals();
});

describe('the error boundary', () => {
  it('shows "Something went wrong." and reports the error once with its stack and path', async () => {
    const requests = stubNetwork(() => ({ status: 200, body: { ok: true } }));
    renderWithProviders(
      <ErrorBoundary>
        <p>before</p>
        <Bomb message="chart exploded" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.queryByText('before')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/projects');
    await waitFor(() => expect(requests).toHaveLength(1));
    const [report] = requests;
    expect(report?.method).toBe('POST');
    expect(report?.url).toBe('/api/v1/errors/ui');
    const body = report?.body as { stack: string; path: string };
    expect(body.path).toBe('/projects/64b7f0c2a1b2c3d4e5f60701/datasets');
    expect(body.stack).toContain('chart exploded');
    expect(body.stack).toContain('Bomb');
  });

  it('does not report the same error twice when it is caught again', async () => {
    const requests = stubNetwork(() => ({ status: 200, body: { ok: true } }));
    renderWithProviders(
      <>
        <ErrorBoundary>
          <Thrower />
        </ErrorBoundary>
        <ErrorBoundary>
          <Thrower />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getAllByText('Something went wrong.')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
  });

  it('keeps showing the page when reporting fails, and recovers when the path changes', async () => {
    stubNetwork(() => ({ status: 500, body: { error: { code: 'internal', message: 'down' } } }));
    renderWithProviders(<MovingPage />);
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    screen.getByRole('button', { name: 'move' }).click();
    expect(await screen.findByText('page b')).toBeTruthy();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });

  it('says it in French', async () => {
    stubNetwork(() => ({ status: 200, body: { ok: true } }));
    await i18n.changeLanguage('fr');
    renderWithProviders(
      <ErrorBoundary>
        <Bomb message="boom" />
      </ErrorBoundary>,
    );
    expect(screen.getByText("Une erreur s'est produite.")).toBeTruthy();
  });
});
