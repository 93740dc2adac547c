import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The modules a public dashboard evaluates after the entry: its routes, the page, and the chart views (ECharts). */
const PUBLIC_DASHBOARD_MODULES = [
  'src/app/RootLayout.tsx',
  'src/features/dashboards/public/PublicRoutes.tsx',
  'src/features/cards/chartViews.ts',
];

/** The chunk files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(bundle: OutputBundle, start: OutputChunk, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') staticClosure(bundle, chunk, into);
  }
}

/**
 * Writes `public.html`: index.html plus `<link rel="modulepreload">` for every chunk a public dashboard needs
 * beyond the entry (and `<link rel="stylesheet">` for their CSS). The server answers it for public and preview
 * dashboard paths, so the browser fetches and compiles those chunks while the entry runs, instead of discovering
 * them one lazy import after another. Modulepreload does not evaluate: the chart views still run only when a
 * card draws. Its entry script runs as soon as it is loaded (`async`, after the root element), not once the page
 * has ended: the server streams a public dashboard's answers into it as they come (pageAnswers.ts), and the app
 * starts meanwhile.
 */
export function publicPage(): Plugin {
  return {
    name: 'tessera-public-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) staticClosure(bundle, chunk, entry);
      const wanted = new Set<string>();
      for (const module of PUBLIC_DASHBOARD_MODULES) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) this.error(`publicPage: no chunk for ${module} (renamed? update PUBLIC_DASHBOARD_MODULES)`);
        staticClosure(bundle, chunk, wanted);
      }
      const files = [...wanted].filter((file) => !entry.has(file));
      const css = new Set(
        files.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]),
      );
      const links = [
        ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    ');
      this.emitFile({ type: 'asset', fileName: 'public.html', source: runningAhead(String(index.source), links) });
    },
  };
}

/**
 * index.html with `links` in its head and its entry script moved to the end of the body, `async`; the entry is
 * still fetched first (preloaded where the script was), not after the chunks.
 */
function runningAhead(index: string, links: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
  if (!entry) throw new Error('publicPage: no entry script in index.html (its form changed? update runningAhead)');
  return index
    .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
    .replace('</head>', `    ${links}\n  </head>`)
    .replace('</body>', `  <script type="module" async crossorigin src="${entry[1]}"></script>\n  </body>`);
}
