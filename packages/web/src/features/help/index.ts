/** Help pages. The router loads them on demand by import() of their modules. */

export { WritingAPackagePage } from './WritingAPackagePage.tsx';
