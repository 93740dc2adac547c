/** Source-code packages: their routes, menu, upload and status, and the live events that update them. */

export { PackageMenu } from './PackageMenu.tsx';
export { usePackageStatusText } from './PackageStatus.tsx';
export { PackagesRoutes } from './PackagesRoutes.tsx';
export { PackageUploadModal } from './PackageUploadModal.tsx';
export { applyPackageEvent } from './packageEvents.ts';
