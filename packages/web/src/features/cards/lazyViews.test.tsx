import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyModule, useLazyModule } from './lazyViews.ts';

afterEach(cleanup);

function counted() {
  let imports = 0;
  const lazy = lazyModule(async () => {
    imports += 1;
    return { name: `module ${imports}` };
  });
  return { lazy, imports: () => imports };
}

function Shows({ lazy, wanted }: { lazy: ReturnType<typeof counted>['lazy']; wanted: boolean }) {
  const module = useLazyModule(lazy, wanted);
  return <span>{module ? module.name : 'nothing yet'}</span>;
}

describe('card views loaded on first use', () => {
  it('imports a module once for every card asking for it, and hands it to later cards at once', async () => {
    const { lazy, imports } = counted();
    render(
      <>
        <Shows lazy={lazy} wanted />
        <Shows lazy={lazy} wanted />
      </>,
    );
    expect(screen.getAllByText('nothing yet')).toHaveLength(2);
    expect(await screen.findAllByText('module 1')).toHaveLength(2);
    render(<Shows lazy={lazy} wanted />);
    expect(screen.getAllByText('module 1')).toHaveLength(3);
    expect(imports()).toBe(1);
  });

  it('imports nothing while no card wants the module', async () => {
    const { lazy, imports } = counted();
    const { rerender } = render(<Shows lazy={lazy} wanted={false} />);
    await act(async () => {});
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(imports()).toBe(0);
    rerender(<Shows lazy={lazy} wanted />);
    expect(await screen.findByText('module 1')).toBeTruthy();
    expect(imports()).toBe(1);
  });
});
