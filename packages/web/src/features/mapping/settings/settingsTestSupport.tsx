/**
 * Test helpers for the settings panels: a harness that keeps the edited value in state (as the mapping screen
 * does) and reports every change, and a walk over a number input's range, step and default.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { expect } from 'vitest';
import { renderWithProviders } from '../../../ui/testing.tsx';
import type { NumberRange } from './ranges.ts';

interface StatefulProps<T> {
  initial: T;
  panel: (value: T, onChange: (next: T) => void) => ReactNode;
  onSeen: (next: T) => void;
}

/** Holds the edited value in state, as the mapping screen does. */
function Stateful<T>({ initial, panel, onSeen }: StatefulProps<T>) {
  const [value, setValue] = useState(initial);
  return panel(value, (next) => {
    onSeen(next);
    setValue(next);
  });
}

/** Renders `panel(value, setValue)` with the value held in state; `latest()` is the last value set. */
export function renderStateful<T>(initial: T, panel: (value: T, onChange: (next: T) => void) => ReactNode) {
  const seen: T[] = [];
  renderWithProviders(<Stateful initial={initial} panel={panel} onSeen={(next) => seen.push(next)} />);
  return { latest: () => seen.at(-1), changes: seen };
}

/**
 * Checks a number input against its spec: it shows `expected.default`, the up arrow adds one step, typing above
 * the maximum or below the minimum is clamped on blur, and the arrows stop at both ends; `stored()` reads the
 * value the panel saved.
 */
export async function expectNumberRange(label: string, expected: NumberRange, stored: () => number | undefined) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  expect(Number.parseFloat(input.value), `${label} default`).toBe(expected.default);
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowUp}');
  expect(stored(), `${label} step`).toBeCloseTo(expected.default + expected.step, 6);
  await userEvent.clear(input);
  await userEvent.type(input, String(expected.max * 10 + 1));
  await userEvent.tab();
  expect(stored(), `${label} max`).toBe(expected.max);
  expect(Number.parseFloat(input.value)).toBe(expected.max);
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowUp}');
  expect(stored(), `${label} stays at max`).toBe(expected.max);
  await userEvent.clear(input);
  await userEvent.type(input, expected.min === 0 ? '0' : String(expected.min < 0 ? expected.min * 10 - 1 : 0));
  await userEvent.tab();
  expect(stored(), `${label} min`).toBe(expected.min);
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowDown}');
  expect(stored(), `${label} stays at min`).toBe(expected.min);
}
