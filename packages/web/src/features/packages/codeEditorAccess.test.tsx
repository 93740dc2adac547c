import { cleanup, render, screen } from '@testing-library/react';
import CodeMirror from '@uiw/react-codemirror';
import { afterEach, describe, expect, it } from 'vitest';
import { codeEditorAccess } from './codeEditorAccess.ts';

afterEach(cleanup);

function Editor() {
  return (
    <>
      <CodeMirror
        value={'def run():\n    return 1\n'}
        extensions={codeEditorAccess('Code editor for model.py', 'hint')}
      />
      <p id="hint">Press Escape then Tab to leave the editor.</p>
      <button type="button">Save</button>
    </>
  );
}

// Escape then Tab leaving the editor needs a real browser's layout: e2e/packages.e2e.test.ts checks it.
describe('the code editor by keyboard', () => {
  it('is named after its file and described by the way out', async () => {
    render(<Editor />);
    const editor = await screen.findByRole('textbox', { name: 'Code editor for model.py' });
    expect(editor.getAttribute('aria-describedby')).toBe('hint');
  });
});
