import { EditorView, type Extension } from '@uiw/react-codemirror';

/**
 * What makes the code editor usable without a mouse (docs/accessibility.md "Code editor"): its text area is
 * named ("Code editor for model.py") and described by the hint telling how to leave it, and it shows a clear focus
 * ring. Tab indents inside the editor (the editor's indentWithTab keymap); Escape then Tab moves the focus on to
 * the next control, as CodeMirror does by itself after Escape (its "tab focus mode", for two seconds), so the
 * editor is no keyboard trap.
 */
export function codeEditorAccess(label: string, hintId: string): Extension[] {
  return [
    // Reachable by Tab even when read-only (a reader's view of the code).
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hintId, tabindex: '0' }),
    EditorView.theme({
      '&.cm-focused': {
        outline: '2px solid var(--mantine-primary-color-filled)',
        outlineOffset: '2px',
      },
    }),
  ];
}
