import type { ModelInput, ModelInputType } from '@tessera/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { inputStyleOf, numberStep } from './inputStyle.ts';
import { ModelInputField } from './ModelInputField.tsx';

const input = (dataType: ModelInputType | null, inputType = '', extra: Partial<ModelInput> = {}): ModelInput => ({
  _id: '0123456789abcdef01234567',
  name: 'Rate',
  varName: 'rate',
  dataType,
  defaultValue: null,
  value: null,
  description: '',
  options: null,
  display: { modelBar: false, modelPanel: 'primary', inputType, config: {} },
  ...extra,
});

afterEach(cleanup);

describe('inputStyleOf', () => {
  it.each([
    [input('string', 'selectOne'), 'selectOne'],
    [input('string', 'number'), 'text'],
    [input('dictionary', 'constraint'), 'constraint'],
    [input('dictionary', ''), 'json'],
    [input('integer', 'text'), 'number'],
    [input('list', ''), 'selectMany'],
    [input(null, 'number'), 'text'],
  ])('%#', (i, style) => expect(inputStyleOf(i)).toBe(style));

  it('steps integers by 1 and floats by 0.1', () => {
    expect(numberStep('integer', {})).toBe(1);
    expect(numberStep('float', {})).toBe(0.1);
    expect(numberStep('float', { step: 5 })).toBe(5);
  });
});

describe('ModelInputField', () => {
  it('gives a number for a float and steps it by 0.1', () => {
    const onChange = vi.fn();
    renderWithProviders(<ModelInputField input={input('float', 'number')} value={1} onChange={onChange} />);
    const box = screen.getByLabelText('Rate');
    fireEvent.change(box, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenLastCalledWith(2.5);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(1.1);
  });

  it('edits each constraint min, max and disabled', () => {
    const onChange = vi.fn();
    const value = { a: { min: 0, max: 5, disabled: false } };
    renderWithProviders(
      <ModelInputField input={input('dictionary', 'constraint')} value={value} onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText('a Max'), { target: { value: '9' } });
    expect(onChange).toHaveBeenLastCalledWith({ a: { min: 0, max: 9, disabled: false } });
    fireEvent.click(screen.getByLabelText('Disabled'));
    expect(onChange).toHaveBeenLastCalledWith({ a: { min: 0, max: 5, disabled: true } });
  });

  it('parses a json dictionary once valid', () => {
    const onChange = vi.fn();
    renderWithProviders(<ModelInputField input={input('dictionary', 'json')} value={{}} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '{"k": 2}' } });
    expect(onChange).toHaveBeenLastCalledWith({ k: 2 });
  });

  it('shows the error it is given', () => {
    renderWithProviders(
      <ModelInputField input={input('string', 'text')} value="" onChange={() => {}} error="Must be a non-empty text" />,
    );
    expect(screen.getByText('Must be a non-empty text')).toBeTruthy();
  });
});
