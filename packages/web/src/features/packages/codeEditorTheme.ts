import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { oneDarkHighlightStyle, oneDarkTheme } from '@codemirror/theme-one-dark';
import { EditorView, type Extension } from '@uiw/react-codemirror';

/** One Dark's coral (names, properties) reads 4.4:1 on its background; this one 5.8:1 (docs/accessibility.md). */
const READABLE_CORAL = '#ef8e96';
/** The line numbers: One Dark's #7d8799 reads 3.9:1. */
const READABLE_GUTTER = '#abb2bf';

/** One Dark with every text colour at 4.5:1 or more on its background, for the dark colour scheme. */
export const readableOneDark: Extension = [
  oneDarkTheme,
  EditorView.theme({ '.cm-gutters .cm-gutterElement': { color: READABLE_GUTTER } }, { dark: true }),
  syntaxHighlighting(
    HighlightStyle.define(
      oneDarkHighlightStyle.specs.map((spec) => (spec.color === '#e06c75' ? { ...spec, color: READABLE_CORAL } : spec)),
    ),
  ),
];
