import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { projectAreaTitleKey } from '../app/shellTitle.ts';
import { documentTitle, usePageName, usePublishedPageName } from './documentTitle.ts';

afterEach(cleanup);

function Page({ name }: { name: string }) {
  usePageName(name);
  return null;
}
function Reader() {
  return <p data-testid="name">{usePublishedPageName() ?? '-'}</p>;
}

describe('page titles', () => {
  it.each([
    [['Board', 'Data Apps', 'Sales'], 'Board · Data Apps · Sales · Tessera'],
    [[null, 'Datasets', 'Sales'], 'Datasets · Sales · Tessera'],
    [[undefined, '  ', 'User Settings'], 'User Settings · Tessera'],
    [[], 'Tessera'],
  ])('%j → %s', (parts, title) => {
    expect(documentTitle(...parts)).toBe(title);
  });

  it.each([
    ['/projects/p1/dashboards/d1/tabs/t1', 'dashboards'],
    ['/projects/p1/datasets', 'datasets'],
    ['/projects/p1/models/m1', 'models'],
    ['/projects/p1/packages/k1/code', 'models'],
    ['/projects/p1/forms/f1', 'forms'],
    ['/projects/p1/mobi', 'assistant'],
    ['/projects/p1', null],
    ['/projects', null],
    ['/settings/users/my', null],
  ])('the area of %s is %s', (path, key) => {
    expect(projectAreaTitleKey(path)).toBe(key);
  });

  it('publishes the shown page’s name while it is mounted', () => {
    const view = render(
      <>
        <Reader />
        <Page name="Board" />
      </>,
    );
    expect(view.getByTestId('name').textContent).toBe('Board');
    act(() =>
      view.rerender(
        <>
          <Reader />
          <Page name="Other board" />
        </>,
      ),
    );
    expect(view.getByTestId('name').textContent).toBe('Other board');
    act(() => view.rerender(<Reader />));
    expect(view.getByTestId('name').textContent).toBe('-');
  });
});
