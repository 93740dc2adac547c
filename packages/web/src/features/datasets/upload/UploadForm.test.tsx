import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { UploadForm } from './UploadForm.tsx';

afterEach(cleanup);

function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

function csv(name: string, size?: number) {
  const file = new File(['a,b\n1,2\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('UploadForm', () => {
  it('shows the accepted type and the size limit', () => {
    renderWithProviders(<UploadForm onUpload={vi.fn()} />);
    expect(screen.getByText('Accepted: .csv')).toBeTruthy();
    expect(screen.getByText('Max size: 2 GB')).toBeTruthy();
  });

  it('refuses a file that is not a .csv with "wrong file type" and sends nothing', async () => {
    const onUpload = vi.fn();
    const { container } = renderWithProviders(<UploadForm onUpload={onUpload} />);
    pick(container, new File(['x'], 'report.xlsx'));
    expect(await screen.findByText('wrong file type')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file of 2,000,000,000 bytes with "file too large" but takes one byte less', async () => {
    const onUpload = vi.fn();
    const { container } = renderWithProviders(<UploadForm onUpload={onUpload} />);
    pick(container, csv('big.csv', 2_000_000_000));
    expect(await screen.findByText('file too large')).toBeTruthy();
    pick(container, csv('almost.csv', 1_999_999_999));
    await waitFor(() => expect(screen.queryByText('file too large')).toBeNull());
  });

  it('names the dataset after the file without its extension and sends file and name', async () => {
    const onUpload = vi.fn();
    const { container } = renderWithProviders(<UploadForm onUpload={onUpload} />);
    const file = csv('Sales 2024.CSV');
    pick(container, file);
    const name = (await screen.findByLabelText('Dataset name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sales 2024'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(file, 'Sales 2024'));
  });
});
