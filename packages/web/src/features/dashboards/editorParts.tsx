import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

/**
 * Parts of the dashboard screen that only people inside a project see (editors, or members who run models), loaded
 * when first shown: the public page and the preview load none of their code (issue 20 §15).
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...(props as ComponentProps<typeof Lazy>)} />
    </Suspense>
  );
}

export const ModelBars = onDemand(async () => (await import('./models/ModelBars.tsx')).ModelBars);
/** The public page's read-only model bars: loaded only when the data app shows them. */
export const PublicModelBars = onDemand(async () => (await import('./models/PublicModelBars.tsx')).PublicModelBars);
export const ColorMenu = onDemand(async () => (await import('./header/ColorMenu.tsx')).ColorMenu);
export const DatasetSideList = onDemand(async () => (await import('./dashboard/DatasetSideList.tsx')).DatasetSideList);
export const TabDialogs = onDemand(async () => (await import('./tabs/TabDialogs.tsx')).TabDialogs);
