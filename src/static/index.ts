export { MaintenancePage } from './MaintenancePage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { AccessibilityPage } from './AccessibilityPage.tsx';
export { PageHeading } from './Heading.tsx';
